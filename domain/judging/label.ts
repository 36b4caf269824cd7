// The winner label (issue 11 part 7): a round badge with the rank and the award's name and year, drawn as
// SVG by the server, and as PNG through sharp. Only a ranked entry whose results are out has one.
import { and, eq, isNotNull } from "drizzle-orm";
import sharp from "sharp";
import type { Tx } from "../../db/client.ts";
import { awards, entries } from "../../db/schema/award.ts";
import { awardResults } from "../../db/schema/judging.ts";
import { HttpError } from "../../framework/errors.ts";
import { type AwardRank, labelKey } from "../award/options.ts";
import { createTranslator, type Locale } from "../../i18n/mod.ts";
import { resultsVisible } from "./manage.ts";

const escape = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const COLOURS: Partial<Record<AwardRank, string>> = {
  grand: "#8a1c1c",
  gold: "#a67c00",
  silver: "#6b7280",
  bronze: "#8c5a2b",
};

/** The label of a ranked entry whose results are published and due; 404 otherwise. */
export async function winnerLabel(tx: Tx, entryId: number, locale: Locale, now = new Date()): Promise<string> {
  const [row] = await tx.select({ entry: entries, award: awards, published: awardResults }).from(entries)
    .innerJoin(awards, eq(awards.id, entries.awardId)).innerJoin(awardResults, eq(awardResults.awardId, awards.id))
    .where(and(eq(entries.id, entryId), isNotNull(entries.rank)));
  if (!row || !resultsVisible(row.published, row.award.resultAt, now)) throw new HttpError(404, "error.404");
  const t = createTranslator(locale);
  const rank = t(labelKey("rank", row.entry.rank!));
  const name = row.award.family === "ibda" ? "IBDA" : locale === "en" ? "Hanbit Design Award" : "한빛디자인어워드";
  const colour = COLOURS[row.entry.rank!] ?? "#0c52b5";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400" role="img" aria-label="${
    escape(`${name} ${row.award.year} ${rank}`)
  }">
<circle cx="200" cy="200" r="190" fill="${colour}"/>
<circle cx="200" cy="200" r="165" fill="none" stroke="#fff" stroke-width="4"/>
<text x="200" y="150" text-anchor="middle" font-family="NanumGothic, sans-serif" font-size="34" font-weight="700" fill="#fff">${
    escape(name)
  }</text>
<text x="200" y="222" text-anchor="middle" font-family="NanumGothic, sans-serif" font-size="48" font-weight="700" fill="#fff">${
    escape(rank)
  }</text>
<text x="200" y="290" text-anchor="middle" font-family="NanumGothic, sans-serif" font-size="40" fill="#fff">${row.award.year}</text>
</svg>`;
}

export async function labelPng(svg: string): Promise<Uint8Array> {
  return new Uint8Array(await sharp(new TextEncoder().encode(svg)).png().toBuffer());
}
