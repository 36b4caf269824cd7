// GET /contest/{id}/judge/files/{file}: a file of a live entry of the host's own contest, for judging (images
// inline, other files as attachments). The entries' images and attachments are `judges` files that the
// file routes open only to their owner, administrators and award judges; the host of the contest reads
// them here, once entries have closed (409 before) and only while a live entry of that contest holds them.
// Anyone else: 404.
import { z } from "zod";
import { HttpError } from "../../../../../framework/errors.ts";
import { hostEntryFile } from "../../../../../domain/contest/judging.ts";
import { answerOriginal } from "../../../../../domain/file/delivery.ts";
import { requireSignedIn } from "../../../../../domain/member/guard.ts";
import { parseOrThrow } from "../../../../../domain/validation.ts";
import { define, type RouteConfig } from "../../../../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

const Params = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
  file: z.coerce.number().int().min(1).max(2_147_483_647),
});

export const handler = define.handlers({
  async GET({ req, state, params }) {
    requireSignedIn(state.viewer);
    const { id, file } = parseOrThrow(Params, params, 400);
    await hostEntryFile(state.db, state.viewer, id, file, new Date());
    const row = await state.files.find(file);
    if (!row) throw new HttpError(404, "file.not_found");
    const res = await answerOriginal(state, req, row, row.mimetype.startsWith("image/") ? "inline" : "attachment");
    res.headers.set("cache-control", "private, no-store");
    return res;
  },
});
