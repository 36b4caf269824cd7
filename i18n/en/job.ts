// English texts of the job portal and talent sharing (issue 19), joined into ../en.ts under "job"; the type demands every key of ko/job.ts.
import type { Messages } from "../types.ts";

export const job: Messages["job"] = {};
