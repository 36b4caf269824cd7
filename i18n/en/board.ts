// English texts of the board area, joined into ../en.ts under "board"; the type demands every key of ko/board.ts.
import type { Messages } from "../types.ts";

export const board: Messages["board"] = {};
