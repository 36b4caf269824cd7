// The authorization matrix's rows for the page builder and site administration (issue 15) (see ../matrix.ts
// for how rows read). Building pages is the `page` section's right (domain/member/permissions.ts
// canBuildPages): administrators and staff granted it; any other member 403, nobody 401.
import { type Expect, json, type Row } from "../presets.ts";

/** A builder call: nobody 401, members and staff without the `page` grant 403. */
const builderCall = (answer: number): Expect => ({ anonymous: 401, signedIn: 403, managers: answer });

export const ROWS: Record<string, Row> = {
  "GET /api/:cms/component": { path: "/api/cms/component", section: "page", expect: builderCall(200) },
  "GET /api/:cms/asset/section": { path: "/api/cms/asset/section", section: "page", expect: builderCall(200) },
  // An empty section is refused (422) to those who may save one.
  "POST /api/:cms/asset/section": {
    path: "/api/cms/asset/section",
    body: json({ title: "", nodes: [] }),
    section: "page",
    expect: builderCall(422),
  },
};
