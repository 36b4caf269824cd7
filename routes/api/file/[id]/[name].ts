// GET /api/file/{id}/external_image.jpg, external_thumbnail.jpg, preview_image.jpg, audit_image.jpg
// (image derivatives) and external_application.zip (the original inside a zip), access-checked.
import { HttpError } from "../../../../framework/errors.ts";
import { FILE_NOT_FOUND } from "../../../../domain/file/access.ts";
import { answerVariant, isVariantName, readableFile, zipAnswer } from "../../../../domain/file/delivery.ts";
import { define, type RouteConfig } from "../../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ req, state, params }) {
    const file = await readableFile({ ...state, req }, params.id);
    if (params.name === "external_application.zip") return zipAnswer(state, [file], "external_application.zip", file);
    const variant = params.name.replace(/\.jpg$/, "");
    if (!params.name.endsWith(".jpg") || !isVariantName(variant)) throw new HttpError(404, FILE_NOT_FOUND);
    return await answerVariant(state, req, file, variant);
  },
});
