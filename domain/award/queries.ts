// The query strings of the award family calls and pages (SPEC §7 names: page, lang, perpage, status,
// force, category, keyword, sort, sect, id). Blank values mean "not given"; anything else malformed is a
// 400 (parseQuery). Unknown names are ignored.
import { z } from "zod";
import { LOCALES } from "../../fresh.config.ts";
import {
  AWARD_STATUSES,
  type AwardFamily,
  DEFAULT_PER_PAGE,
  DESIGN_CATEGORIES,
  type DesignCategory,
  SELECTION_PER_PAGE,
} from "./options.ts";
import { JUDGE_SORTS } from "./public.ts";

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const id = int(1, 2 ** 31 - 1);

export const IdParam = z.object({ id });
export const YearParam = z.object({ year: int(1000, 9999) });

const paging = {
  page: optional(int(1, 1_000_000)).transform((v) => v ?? 1),
  /** Up to 1000 for a selection list (SPEC §9). */
  perpage: optional(int(1, SELECTION_PER_PAGE)).transform((v) => v ?? DEFAULT_PER_PAGE),
  lang: optional(z.enum(LOCALES)),
};

const category = optional(
  z.coerce.number().int().refine((c) => (DESIGN_CATEGORIES as readonly number[]).includes(c), "award.category_invalid")
    .transform((c) => c as DesignCategory),
);
/** SPEC §5: search text at least 2 characters. */
const keyword = optional(z.string().trim().min(2, "manage.search_short").max(100));
const flag = optional(z.enum(["1", "0", "true", "false"])).transform((v) => v === "1" || v === "true");

/** GET /api/{family}: `status` filters by the derived status; `force` skips every cache. */
export const AwardListQuery = z.object({ ...paging, status: optional(z.enum(AWARD_STATUSES)), force: flag });

/** A year's (or an award's) entries: winners, nominees, the exhibition. `id` names the award. */
export const EntryListQuery = z.object({ ...paging, category, keyword, id: optional(id) });

export const JudgesQuery = z.object({ ...paging, category });

export const LangQuery = z.object({ lang: optional(z.enum(LOCALES)) });

/** The judging list: `sort` order, `sect` a category. */
export const JudgeEntriesQuery = z.object({
  lang: optional(z.enum(LOCALES)),
  sort: optional(z.enum(JUDGE_SORTS)).transform((v) => v ?? "id"),
  sect: category,
});

/** The family of a call or page from its path: `/api/ibda/…`, `/ibda/…` (after the locale prefix). */
/** The family a sub-site runs: the IBDA site (sub-domain `ibda`) its own, every other site the award. */
export function familyOfSite(site: { subDomain: string } | null): AwardFamily {
  return site?.subDomain === "ibda" ? "ibda" : "award";
}

export function familyOfPath(pathname: string): AwardFamily {
  return /^(?:\/en)?(?:\/api)?\/ibda(?:\/|$)/.test(pathname) ? "ibda" : "award";
}
