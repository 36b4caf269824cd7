// Web push notifications (SPEC §4, §9; issue 23 §10) over the devices members register with POST
// /api/device, whose token is the browser's PushSubscription as JSON. A message is written for each of the
// member's devices in the transaction of the event (beside its mail, so both or neither), in the device's
// language, unless the member has turned that kind off; the push loop sends them with the VAPID keys of the
// configuration (web-push builds the encrypted request, fetch sends it) and forgets a device whose
// subscription the push service says is gone. Without VAPID keys messages wait, like mail without SMTP.
import { and, asc, eq, inArray, lte, or, sql } from "drizzle-orm";
import webpush from "web-push";
import { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import { devices, users } from "../../db/schema/member.ts";
import { pushMessages } from "../../db/schema/push.ts";
import type { Config } from "../../fresh.config.ts";

/** The kinds of event that notify, each of which a member may turn off in the profile. */
export const PUSH_KINDS = ["account", "payment", "result", "application", "contest", "board"] as const;
export type PushKind = typeof PUSH_KINDS[number];

export function isPushKind(value: unknown): value is PushKind {
  return typeof value === "string" && (PUSH_KINDS as readonly string[]).includes(value);
}

export interface Push {
  userId: number;
  kind: PushKind;
  /** Per language, so each device gets its own; a missing language falls back to Korean. */
  title: Record<string, string>;
  body?: Record<string, string>;
  /** The same-site path the notification opens. */
  url?: string;
}

const Subscription = z.object({
  endpoint: z.url().refine((u) => u.startsWith("https://") || u.startsWith("http://"), "push.endpoint"),
  keys: z.object({ p256dh: z.string().min(1), auth: z.string().min(1) }),
});
export type Subscription = z.infer<typeof Subscription>;

/** The device token as a push subscription, or null when it is something else (an app's own token). */
export function subscriptionOf(token: string): Subscription | null {
  try {
    const parsed = Subscription.safeParse(JSON.parse(token));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The text in the device's language, else Korean, else whichever language it was written in. */
function inLanguage(text: Record<string, string>, lang: string): string {
  return text[lang] ?? text.ko ?? Object.values(text)[0] ?? "";
}

/** The push that goes with a mail: the mail's subject (in the member's language) opening `url`. */
export function pushOfMail(userId: number, kind: PushKind, locale: string, subject: string, url: string): Push {
  return { userId, kind, title: { [locale]: subject }, url };
}

/** Writes the notification for each of the member's devices (none when the member turned the kind off). */
export async function queuePush(tx: Tx, push: Push): Promise<number> {
  const rows = await tx.select({ id: devices.id, lang: devices.lang }).from(devices)
    .innerJoin(users, eq(users.id, devices.userId))
    .where(and(eq(devices.userId, push.userId), sql`not (${push.kind} = any(${users.pushOff}))`));
  if (rows.length === 0) return 0;
  const url = push.url && push.url.startsWith("/") && !push.url.startsWith("//") ? push.url : "/mypage";
  await tx.insert(pushMessages).values(rows.map((d) => ({
    deviceId: d.id,
    kind: push.kind,
    title: inLanguage(push.title, d.lang).slice(0, 200),
    body: inLanguage(push.body ?? {}, d.lang).slice(0, 500),
    url,
  })));
  return rows.length;
}

/** Sets which kinds the member receives (the others are turned off). */
export async function setPushKinds(tx: Tx, userId: number, wanted: PushKind[]): Promise<void> {
  await tx.update(users).set({ pushOff: PUSH_KINDS.filter((k) => !wanted.includes(k)) }).where(eq(users.id, userId));
}

/** What sending needs: one encrypted request to the subscription's push service. */
export type PushSender = (subscription: Subscription, payload: string) => Promise<Response>;

/** Sends with the configured VAPID keys; null without them. */
export function vapidSender(config: Pick<Config, "vapid">, timeoutMs = 10_000): PushSender | null {
  const vapid = config.vapid;
  if (!vapid) return null;
  return async (subscription, payload) => {
    const request = webpush.generateRequestDetails(subscription, payload, {
      vapidDetails: vapid,
      TTL: 24 * 60 * 60,
    });
    return await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body as Uint8Array<ArrayBuffer>,
      signal: AbortSignal.timeout(timeoutMs),
    });
  };
}

export const PUSH_MAX_ATTEMPTS = 5;
const RETRY_AFTER_MINUTES = [0, 1, 5, 15, 60];

export interface PushReport {
  sent: number;
  retrying: number;
  failed: number;
  gone: number;
}

/**
 * Sends what is due, each row in its own short transaction holding it with SKIP LOCKED (several instances
 * never send one twice). 404/410 from the push service: the subscription is gone, so is the device.
 */
export async function deliverPushes(db: Db, send: PushSender, now = new Date(), batch = 50): Promise<PushReport> {
  const report: PushReport = { sent: 0, retrying: 0, failed: 0, gone: 0 };
  const delays = sql.raw(`array[${RETRY_AFTER_MINUTES.join(",")}]`);
  const due =
    sql`${now.toISOString()}::timestamptz - make_interval(mins => (${delays})[least(${pushMessages.attempts}, ${
      RETRY_AFTER_MINUTES.length - 1
    }) + 1])`;
  for (let i = 0; i < batch; i++) {
    const outcome = await db.transaction(async (tx) => {
      const [row] = await tx.select({ message: pushMessages, token: devices.token }).from(pushMessages)
        .innerJoin(devices, eq(devices.id, pushMessages.deviceId))
        .where(and(
          eq(pushMessages.status, "pending"),
          or(eq(pushMessages.attempts, 0), lte(pushMessages.createdAt, due)),
        ))
        .orderBy(asc(pushMessages.id)).limit(1).for("update", { of: pushMessages, skipLocked: true });
      if (!row) return null;
      const { message } = row;
      const attempts = message.attempts + 1;
      const subscription = subscriptionOf(row.token);
      const fail = async (error: string, final: boolean) => {
        await tx.update(pushMessages).set({
          status: final ? "failed" : "pending",
          attempts,
          error: error.slice(0, 500),
        })
          .where(eq(pushMessages.id, message.id));
        return final ? "failed" as const : "retrying" as const;
      };
      if (!subscription) return await fail("the device's token is not a push subscription", true);
      try {
        const payload = JSON.stringify({ title: message.title, body: message.body, url: message.url });
        const res = await send(subscription, payload);
        await res.body?.cancel();
        if (res.status === 404 || res.status === 410) {
          await tx.delete(devices).where(eq(devices.id, message.deviceId));
          return "gone" as const;
        }
        if (!res.ok) {
          return await fail(
            `push service answered ${res.status}`,
            attempts >= PUSH_MAX_ATTEMPTS || res.status < 500 && res.status !== 429,
          );
        }
        await tx.update(pushMessages).set({ status: "sent", attempts, sentAt: new Date(), error: null })
          .where(eq(pushMessages.id, message.id));
        return "sent" as const;
      } catch (err) {
        return await fail(err instanceof Error ? err.message : String(err), attempts >= PUSH_MAX_ATTEMPTS);
      }
    });
    if (!outcome) break;
    report[outcome]++;
  }
  return report;
}

/** Pending messages of devices that were deleted go with them (cascade); sent ones older than this go hourly. */
export async function forgetSentPushes(tx: Tx, before: Date): Promise<number> {
  const gone = await tx.delete(pushMessages)
    .where(and(inArray(pushMessages.status, ["sent", "failed"]), lte(pushMessages.createdAt, before)))
    .returning({ id: pushMessages.id });
  return gone.length;
}
