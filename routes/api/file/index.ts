// POST /api/file?purpose=… (multipart, field `file`): uploads for a member's forms; 201 with the stored
// files. Refusals answer SPEC §8's file errors (422, 413 when too large) with the field and code.
import { receiveUploads } from "../../../domain/file/receive.ts";
import { presentFile } from "../../../domain/file/present.ts";
import { define } from "../../../state.ts";

export const handler = define.handlers({
  async POST({ req, state, url }) {
    const saved = await receiveUploads(state, req, url);
    return Response.json({ data: saved.map(presentFile) }, { status: 201 });
  },
});
