// Push devices (SPEC §3 Device, §7 POST /api/device, DELETE /api/device/{id}). A device belongs to the
// member signed in on it last: registering a device ID again moves it to the current member with the new
// token. Members reach only their own devices; another member's answers 404, as if it did not exist.
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { devices } from "../../db/schema/member.ts";
import { HttpError } from "../../framework/errors.ts";
import { LOCALES } from "../../fresh.config.ts";
import { requireSignedIn } from "./guard.ts";
import type { Viewer } from "./permissions.ts";

export const DeviceInput = z.object({
  device: z.string().trim().min(1, "mypage.device_required").max(255),
  token: z.string().trim().min(1, "mypage.token_required").max(4096),
  lang: z.enum(LOCALES).optional(),
});
export type DeviceInput = z.infer<typeof DeviceInput>;

export function deviceJson(row: typeof devices.$inferSelect) {
  return { id: row.id, device: row.deviceId, lang: row.lang, created_at: row.createdAt.toISOString() };
}

/** Registers or updates the viewer's device; `created` tells which. */
export async function registerDevice(tx: Tx, viewer: Viewer, input: DeviceInput, fallbackLang: string) {
  requireSignedIn(viewer);
  const values = { userId: viewer.id, deviceId: input.device, token: input.token, lang: input.lang ?? fallbackLang };
  const [existing] = await tx.select({ id: devices.id }).from(devices).where(eq(devices.deviceId, input.device));
  const [row] = await tx.insert(devices).values(values)
    .onConflictDoUpdate({ target: devices.deviceId, set: { userId: viewer.id, token: input.token, lang: values.lang } })
    .returning();
  return { device: row, created: !existing };
}

export async function deleteDevice(tx: Tx, viewer: Viewer, id: number) {
  requireSignedIn(viewer);
  const deleted = await tx.delete(devices).where(and(eq(devices.id, id), eq(devices.userId, viewer.id)))
    .returning({ id: devices.id });
  if (deleted.length === 0) throw new HttpError(404, "error.404");
}
