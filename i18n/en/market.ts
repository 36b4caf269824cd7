// English texts of the market area, joined into ../en.ts under "market"; the type demands every key of ko/market.ts.
import type { Messages } from "../types.ts";

export const market: Messages["market"] = {};
