// GET /api/file/image/{id}: an image file's original, shown inline; other files are not images here.
import { HttpError } from "../../../../framework/errors.ts";
import { FILE_NOT_FOUND } from "../../../../domain/file/access.ts";
import { answerOriginal, readableFile } from "../../../../domain/file/delivery.ts";
import { isImage } from "../../../../domain/file/files.ts";
import { define, type RouteConfig } from "../../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ req, state, params }) {
    const file = await readableFile({ ...state, req }, params.id);
    if (!isImage(file)) throw new HttpError(404, FILE_NOT_FOUND);
    return await answerOriginal(state, req, file, "inline");
  },
});
