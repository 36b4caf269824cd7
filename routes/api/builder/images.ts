// GET /api/builder/images: the builder's image picker's recent uploads — the latest pictures uploaded for
// pages (POST /api/file?purpose=page_image) that the viewer can see, with the address a tree stores. For
// those who build pages.
import { requireBuilder } from "../../../domain/builder/access.ts";
import { imageSrcOf } from "../../../domain/builder/images.ts";
import { recentPageImages } from "../../../domain/builder/page-files.ts";
import { presentFile } from "../../../domain/file/present.ts";
import { canSeeManagementLink } from "../../../domain/member/permissions.ts";
import { define, type RouteConfig } from "../../../state.ts";

export const config: RouteConfig = { access: ({ viewer }) => canSeeManagementLink(viewer) };

export const handler = define.handlers({
  async GET({ state }) {
    await requireBuilder(state);
    const rows = await recentPageImages(state.db, state.viewer);
    return Response.json(
      { data: rows.map((f) => ({ ...presentFile(f), src: imageSrcOf(f.id) })) },
      { headers: { "cache-control": "no-store" } },
    );
  },
});
