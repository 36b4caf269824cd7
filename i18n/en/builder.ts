// English texts of the page builder and site administration (issue 15), joined into ../en.ts under "builder"; the type demands every key of ko/builder.ts.
import type { Messages } from "../types.ts";

export const builder: Messages["builder"] = {};
