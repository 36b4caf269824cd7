// GET /management/user/{id}/documents/{doc}: a member's registration document (business certificate…)
// for the managers who decide on the member (the management guard checks the `user` section); answered
// as an attachment with nosniff, never cached, and each reading written to the audit log.
import { z } from "zod";
import { HttpError } from "../../../../../framework/errors.ts";
import { readDocument } from "../../../../../domain/member/document-access.ts";
import { contentDisposition } from "../../../../../domain/file/names.ts";
import { define } from "../../../../../state.ts";

const Id = z.coerce.number().int().positive().max(2_147_483_647);

export const handler = define.handlers({
  async GET({ state, params }) {
    const user = Id.safeParse(params.id);
    const doc = Id.safeParse(params.doc);
    if (!user.success || !doc.success) throw new HttpError(404, "file.not_found");
    const found = await readDocument(state.db, state.viewer, user.data, doc.data);
    return new Response(found.data as Uint8Array<ArrayBuffer>, {
      headers: {
        "content-type": found.mimetype,
        "content-disposition": contentDisposition("attachment", found.filename),
        "x-content-type-options": "nosniff",
        "cache-control": "no-store",
      },
    });
  },
});
