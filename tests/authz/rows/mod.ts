// Every area's rows of the authorization matrix, one file per area so areas are added side by side.
import type { Row } from "../presets.ts";
import { ROWS as board } from "./board.ts";
import { ROWS as builder } from "./builder.ts";
import { ROWS as contest } from "./contest.ts";
import { ROWS as job } from "./job.ts";
import { ROWS as judging } from "./judging.ts";
import { ROWS as market } from "./market.ts";
import { ROWS as programme } from "./programme.ts";

export const AREA_ROWS: Record<string, Row> = {
  ...judging,
  ...contest,
  ...board,
  ...programme,
  ...market,
  ...job,
  ...builder,
};
