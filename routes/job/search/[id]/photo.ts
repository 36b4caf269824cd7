// GET /job/search/{id}/photo: a resume's photo for whoever may read the resume (canReadResume: its owner,
// administrators, a company while the member is looking or applied to its recruiting posting). The photo is
// an `owner` file, so its own file links answer nobody else; this is the one way others see it.
import { IdParam } from "../../../../domain/award/queries.ts";
import { answerVariant } from "../../../../domain/file/delivery.ts";
import { HttpError } from "../../../../framework/errors.ts";
import { readResume } from "../../../../domain/job/resumes.ts";
import { resumes } from "../../../../db/schema/job.ts";
import { parseOrThrow } from "../../../../domain/validation.ts";
import { eq } from "drizzle-orm";
import { define, type RouteConfig } from "../../../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

export const handler = define.handlers({
  async GET({ req, state, params }) {
    const { id } = parseOrThrow(IdParam, params, 400);
    await readResume(state.db, state.viewer, id, state.locale, new Date());
    const [row] = await state.db.select({ photoId: resumes.photoId }).from(resumes).where(eq(resumes.id, id));
    const file = row?.photoId ? await state.files.find(row.photoId) : null;
    if (!file) throw new HttpError(404, "file.not_found");
    const ctx = { files: state.files, viewer: state.viewer, db: state.db, sessionSecret: state.sessionSecret };
    const res = await answerVariant(ctx, req, file, "external_thumbnail");
    res.headers.set("cache-control", "private, no-store");
    return res;
  },
});
