// The authorization matrix's rows for the page builder and site administration (issue 15) (see ../matrix.ts for how rows read).
import type { Row } from "../presets.ts";

export const ROWS: Record<string, Row> = {};
