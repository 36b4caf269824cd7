// GET /api/file/thumbnail/{id}: the gallery thumbnail of an image file.
import { answerVariant, readableFile } from "../../../../domain/file/delivery.ts";
import { define, type RouteConfig } from "../../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ req, state, params }) {
    return await answerVariant(state, req, await readableFile({ ...state, req }, params.id), "external_thumbnail");
  },
});
