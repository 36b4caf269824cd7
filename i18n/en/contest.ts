// English texts of the contest area, joined into ../en.ts under "contest"; the type demands every key of ko/contest.ts.
import type { Messages } from "../types.ts";

export const contest: Messages["contest"] = {};
