// English texts of the programme area, joined into ../en.ts under "programme"; the type demands every key of ko/programme.ts.
import type { Messages } from "../types.ts";

export const programme: Messages["programme"] = {};
