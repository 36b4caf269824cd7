// Delivers the outbox (DESIGN §1 mail): nodemailer over SMTP when SMTP_URL is set. Without it mail stays
// pending in the outbox, which /management/mailbox shows (the dev mailbox).
//
// Each row is sent in its own short transaction that holds it with FOR UPDATE SKIP LOCKED, so several
// instances (deno serve --parallel, several hosts on one PostgreSQL) never send the same mail twice.
// A failure is retried with back-off (1, 5, 15 and 60 minutes after it was written) up to 5 attempts;
// an SMTP 5xx answer (no such mailbox…) is permanent and fails at once.
// @ts-types="npm:@types/nodemailer@^8"
import nodemailer from "nodemailer";
import { and, asc, eq, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { outbox } from "../../db/schema/member.ts";
import type { Config } from "../../fresh.config.ts";

/** What delivery needs of a transport: nodemailer's `sendMail`, or a fake in tests. */
export interface MailTransport {
  sendMail(message: {
    from: { name: string; address: string };
    to: string;
    subject: string;
    text: string;
    headers?: Record<string, string>;
  }): Promise<unknown>;
}

export const MAX_ATTEMPTS = 5;
/** Minutes after the mail was written at which attempt n+1 is due (index = attempts so far). */
export const RETRY_AFTER_MINUTES = [0, 1, 5, 15, 60] as const;
const BATCH = 50;

export function smtpTransport(url: string): MailTransport {
  return nodemailer.createTransport({
    url,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
}

export interface DeliveryReport {
  sent: number;
  /** Failed for now; will be tried again. */
  retrying: number;
  /** Failed for good (permanent error, or the last attempt). */
  failed: number;
}

export interface DeliverOptions {
  /** Defaults to SMTP over config.smtpUrl; without either nothing is sent. */
  transport?: MailTransport;
  now?: Date;
  batch?: number;
}

/** Sends the pending mail that is due; answers what happened. */
export async function deliverPending(
  db: Db,
  config: Pick<Config, "smtpUrl">,
  options: DeliverOptions = {},
): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0 };
  const transport = options.transport ?? (config.smtpUrl ? smtpTransport(config.smtpUrl) : undefined);
  if (!transport) return report; // the dev mailbox: rows stay pending in the outbox
  const now = options.now ?? new Date();
  const limit = options.batch ?? BATCH;
  for (let i = 0; i < limit; i++) {
    const outcome = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(outbox)
        .where(and(eq(outbox.status, "pending"), or(eq(outbox.attempts, 0), lte(outbox.createdAt, dueBefore(now)))))
        .orderBy(asc(outbox.id)).limit(1).for("update", { skipLocked: true });
      if (!row) return null;
      const attempts = row.attempts + 1;
      try {
        await transport.sendMail({
          from: { name: row.fromName, address: row.fromEmail },
          to: row.to,
          subject: row.subject,
          text: row.body,
          headers: { "Content-Language": row.locale, "Auto-Submitted": "auto-generated" },
        });
        await tx.update(outbox).set({ status: "sent", attempts, sentAt: new Date(), error: null })
          .where(eq(outbox.id, row.id));
        return "sent" as const;
      } catch (err) {
        const final = attempts >= MAX_ATTEMPTS || isPermanent(err);
        await tx.update(outbox).set({ status: final ? "failed" : "pending", attempts, error: describe(err) })
          .where(eq(outbox.id, row.id));
        return final ? "failed" as const : "retrying" as const;
      }
    });
    if (!outcome) break;
    report[outcome]++;
  }
  return report;
}

/**
 * New mail is due at once; a row with `attempts` tries is due once RETRY_AFTER_MINUTES[attempts] have passed since it was written:
 * `created_at <= now - delay`, with the delay looked up in SQL from the row's own attempts.
 */
function dueBefore(now: Date) {
  const delays = sql.raw(`array[${RETRY_AFTER_MINUTES.join(",")}]`);
  return sql`${now.toISOString()}::timestamptz - make_interval(mins => (${delays})[least(${outbox.attempts}, ${
    RETRY_AFTER_MINUTES.length - 1
  }) + 1])`;
}

function isPermanent(err: unknown): boolean {
  const code = (err as { responseCode?: unknown })?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

function describe(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.slice(0, 500);
}

export interface Mailer {
  /** Stops the loop and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Runs deliverPending every few seconds while SMTP is configured; null (nothing to run) without SMTP_URL
 * unless a transport is given.
 */
export function startMailer(
  db: Db,
  config: Pick<Config, "smtpUrl">,
  options: { intervalMs?: number; transport?: MailTransport; onError?: (err: unknown) => void } = {},
): Mailer | null {
  const transport = options.transport ?? (config.smtpUrl ? smtpTransport(config.smtpUrl) : undefined);
  if (!transport) return null;
  const interval = options.intervalMs ?? 5_000;
  const onError = options.onError ?? ((err) => console.error("mail delivery failed", err));
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();

  const tick = () => {
    running = deliverPending(db, config, { transport }).then(() => {}, onError).finally(() => {
      if (!stopped) schedule();
    });
  };
  const schedule = () => {
    const id = setTimeout(tick, interval);
    Deno.unrefTimer(id); // the mailer never keeps the process alive on its own
    timer = id;
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
