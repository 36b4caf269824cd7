// GET /api/file/thumbnail/{id}: the gallery thumbnail of an image file.
import { answerVariant, readableFile } from "../../../../domain/file/delivery.ts";
import { define } from "../../../../state.ts";

export const handler = define.handlers({
  async GET({ req, state, params }) {
    return await answerVariant(state, req, await readableFile(state, params.id), "external_thumbnail");
  },
});
