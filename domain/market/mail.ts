// The market's mails (issue 18 §5), in each member's own language, through the outbox in the transaction of
// the change that causes them: approved and banned to the seller, a new request to the seller, a request taken
// forward, cancelled or finished to the buyer, and a finished purchase to the seller too.
import { inArray } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { users } from "../../db/schema/member.ts";
import type { Config } from "../../fresh.config.ts";
import { createTranslator, type MessageKey, toLocale } from "../../i18n/mod.ts";
import { queueMails } from "../mail/outbox.ts";
import { mailLink } from "../mail/templates.ts";

export type MarketMailConfig = Pick<Config, "publicUrl" | "mailFrom" | "mailFromName">;

export type MarketMailKind = "approved" | "banned" | "request" | "forwarded" | "canceled" | "finished" | "sold";

export interface ProductMailFacts {
  id: number;
  type: string;
  title: string;
  titleEn: string;
}

/** Queues one mail to a member: subject and body keys `market.mail.<kind>Subject|Body`, the product's title. */
export async function mailMarketMember(
  tx: Tx,
  config: MarketMailConfig,
  userId: number,
  product: ProductMailFacts,
  kind: MarketMailKind,
  params: Record<string, string | number> = {},
  path = "/mypage/market",
): Promise<void> {
  await mailMarketMembers(tx, config, [userId], product, kind, params, path);
}

/**
 * The same mail to many members in their own languages, with one read of the members and one insert per
 * 1,000 mails (taking a request forward cancels and tells every other buyer: 999 with 1,000 open requests).
 */
export async function mailMarketMembers(
  tx: Tx,
  config: MarketMailConfig,
  userIds: number[],
  product: ProductMailFacts,
  kind: MarketMailKind,
  params: Record<string, string | number> = {},
  path = "/mypage/market",
): Promise<void> {
  if (!userIds.length) return;
  const people = await tx.select({
    id: users.id,
    email: users.email,
    name: users.name,
    nameEn: users.nameEn,
    locale: users.locale,
  }).from(users).where(inArray(users.id, [...new Set(userIds)]));
  const byId = new Map(people.map((p) => [p.id, p]));
  const mails = userIds.flatMap((id) => {
    const to = byId.get(id);
    if (!to?.email) return [];
    const locale = toLocale(to.locale);
    const t = createTranslator(locale);
    const all = {
      title: locale === "en" && product.titleEn ? product.titleEn : product.title,
      name: locale === "en" && to.nameEn ? to.nameEn : to.name,
      link: mailLink(config, locale, path),
      ...params,
    };
    return [{
      to: to.email,
      subject: t(`market.mail.${kind}Subject` as MessageKey, all),
      body: `${t(`market.mail.${kind}Body` as MessageKey, all)}\n\n--\n${t("account.mail.signature")}\n`,
      locale,
    }];
  });
  await queueMails(tx, config, mails);
}
