// GET /api/file/binary/{id}: the original bytes as an attachment, access-checked.
import { answerOriginal, readableFile } from "../../../../domain/file/delivery.ts";
import { define, type RouteConfig } from "../../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ req, state, params }) {
    return await answerOriginal(state, req, await readableFile({ ...state, req }, params.id), "attachment");
  },
});
