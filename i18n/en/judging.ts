// English texts of the judging area, joined into ../en.ts under "judging"; the type demands every key of ko/judging.ts.
import type { Messages } from "../types.ts";

export const judging: Messages["judging"] = {};
