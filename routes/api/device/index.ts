// POST /api/device (SPEC §7): form encoded `device`, `token`, `lang` — registers or updates the signed-in
// member's push device. 201 when new, 200 when updated; nobody → 401.
import { DeviceInput, deviceJson, registerDevice } from "../../../domain/member/devices.ts";
import { requireSignedIn } from "../../../domain/member/guard.ts";
import { readBody } from "../../../domain/request.ts";
import { parseOrThrow } from "../../../domain/validation.ts";
import { define } from "../../../state.ts";

export const handler = define.handlers({
  async POST({ req, state }) {
    requireSignedIn(state.viewer);
    const input = parseOrThrow(DeviceInput, (await readBody(req)).body);
    const { device, created } = await registerDevice(state.db, state.viewer, input, state.locale);
    return Response.json(deviceJson(device), { status: created ? 201 : 200 });
  },
});
