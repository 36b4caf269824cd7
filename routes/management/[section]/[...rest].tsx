// Management sub-paths without a screen yet: the area's guard runs first (so /management/ip and
// /management/manager/… answer 403 to staff, as SPEC §6 wants), then there is nothing here.
import { HttpError } from "../../../framework/errors.ts";
import { define } from "../../../state.ts";

export const handler = define.handlers({
  GET() {
    throw new HttpError(404, "error.404");
  },
});
