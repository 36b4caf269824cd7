// The authorization matrix's rows for the job portal and talent sharing (issue 19) (see ../matrix.ts for how rows read).
import type { Row } from "../presets.ts";

export const ROWS: Record<string, Row> = {};
