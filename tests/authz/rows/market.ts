// The authorization matrix's rows for the market area (see ../matrix.ts for how rows read).
import type { Row } from "../presets.ts";

export const ROWS: Record<string, Row> = {};
