// GET /api/file/download/{id}[?name=…]: the original as an attachment under a safe name (a requested
// name loses any path). A signed `token` (made by the POST below) stands in for the session.
// POST /api/file/download/{id} (bearer header or session): answers, as text, a link valid 5 minutes and
// only while the session that asked lives.
import { z } from "zod";
import { HttpError } from "../../../../framework/errors.ts";
import { answerOriginal, fileId, linkViewer, readableFile } from "../../../../domain/file/delivery.ts";
import { signDownload } from "../../../../domain/file/links.ts";
import { requireSignedIn } from "../../../../domain/member/guard.ts";
import { verifySessionToken } from "../../../../domain/member/session.ts";
import { parseQuery } from "../../../../domain/validation.ts";
import { define, type RouteConfig } from "../../../../state.ts";

const DownloadQuery = z.object({ name: z.string().max(200).optional(), token: z.string().max(300).optional() });

// A download link stands in for the session, so GET is open; making a link needs one.
export const config: RouteConfig = { access: { GET: "public", POST: "signed-in" } };

export const handler = define.handlers({
  async GET({ req, state, params, url }) {
    const { name, token } = parseQuery(DownloadQuery, url);
    const viewer = token ? await linkViewer(state, fileId(params.id), token) : state.viewer;
    const file = await readableFile({ ...state, req }, params.id, viewer);
    return await answerOriginal(state, req, file, "attachment", name);
  },
  async POST({ req, state, params, url }) {
    requireSignedIn(state.viewer);
    const { name } = parseQuery(DownloadQuery, url);
    const file = await readableFile({ ...state, req }, params.id);
    const session = state.sessionToken ? await verifySessionToken(state.sessionToken, state.sessionSecret) : null;
    if (!session?.ok) throw new HttpError(401, "error.401");
    const link = new URL(`/api/file/download/${file.id}`, state.config.publicUrl);
    if (name) link.searchParams.set("name", name);
    const token = await signDownload(state.sessionSecret, file.id, {
      viewerId: state.viewer.id,
      sessionId: session.claims.sid,
    });
    link.searchParams.set("token", token);
    return new Response(link.pathname + link.search, {
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
    });
  },
});
