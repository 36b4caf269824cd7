// POST /api/file/download with `ids` (JSON array or repeated form field): one zip of those files,
// streamed; every file must exist (404) and be readable by the viewer (403).
import { z } from "zod";
import { answerZip } from "../../../../domain/file/delivery.ts";
import { readBody } from "../../../../domain/request.ts";
import { parseOrThrow } from "../../../../domain/validation.ts";
import { define, type RouteConfig } from "../../../../state.ts";

const DownloadBody = z.object({
  ids: z.preprocess(
    (v) => (Array.isArray(v) ? v : typeof v === "string" ? v.split(",") : v),
    z.array(z.coerce.number().int().positive().max(2_147_483_647), { error: "file.ids_required" })
      .min(1, "file.ids_required").max(100, "file.too_many"),
  ),
  name: z.string().max(200).optional(),
});

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async POST({ req, state }) {
    const { body } = await readBody(req, 64 * 1024);
    const { ids, name } = parseOrThrow(DownloadBody, body);
    return await answerZip({ ...state, req }, ids, name);
  },
});
