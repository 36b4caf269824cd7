// The public designer profile (issue 19 part 6): one page of a member's that gathers what they chose to show —
// award prizes with their certificates' verification links, market products on sale, the resume while they
// are looking, talent donations — read through the judging, market, job and share domains' own functions.
// Off by default: without the member's choice there is no page (404), a part they did not tick is never read,
// and withdrawal deletes the settings in its own transaction (removeDesignerProfile), so the page is gone at
// once. The page is addressed by the member's number, not the sign-in ID, so publishing it discloses no half
// of a credential.
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { type DesignerProfileRow, designerProfiles } from "../../db/schema/job.ts";
import { users } from "../../db/schema/member.ts";
import { HttpError } from "../../framework/errors.ts";
import type { AwardFamily, AwardRank } from "../award/options.ts";
import { myResults } from "../judging/calls.ts";
import { certificateCode, myCertificates } from "../judging/certificates.ts";
import { productsOnSaleBy, type ProductSummary } from "../market/public.ts";
import { isMember, isSignedIn, type Viewer } from "../member/permissions.ts";
import { publicSharesOf } from "../share/shares.ts";
import type { ShareSummary } from "../share/shares.ts";
import { lookingResumeOf, type ResumeSummary, resumeSummary } from "./resumes.ts";

type Locale = "ko" | "en";
const localized = (ko: string, en: string | null, locale: Locale) => (locale === "en" && en ? en : ko);

/** The parts a member may show, in the order the page shows them. */
export const PROFILE_PARTS = ["prizes", "products", "resume", "donations"] as const;
export type ProfilePart = typeof PROFILE_PARTS[number];

const COLUMN: Record<ProfilePart, "showPrizes" | "showProducts" | "showResume" | "showDonations"> = {
  prizes: "showPrizes",
  products: "showProducts",
  resume: "showResume",
  donations: "showDonations",
};

/** The settings form (a plain form on /profile): an unticked box sends nothing, which means "no". */
export const DesignerProfileInput = z.object({
  enabled: z.preprocess(
    (v) => v ?? "",
    z.enum(["", "0", "1", "on", "true", "false"], { error: "error.validation" }),
  ).transform((v) => v === "1" || v === "on" || v === "true"),
  parts: z.preprocess(
    (v) => (v === undefined || v === "" ? [] : [v].flat()),
    z.array(z.enum(PROFILE_PARTS, { error: "job.code_invalid" })).max(PROFILE_PARTS.length),
  ),
});
export type DesignerProfileInput = z.infer<typeof DesignerProfileInput>;

export interface ProfileSettings {
  enabled: boolean;
  parts: ProfilePart[];
}

const partsOf = (row: DesignerProfileRow) => PROFILE_PARTS.filter((p) => row[COLUMN[p]]);

/** The member's settings (everything off when they never saved any). */
export async function designerProfileSettings(db: Tx, userId: number): Promise<ProfileSettings> {
  const [row] = await db.select().from(designerProfiles).where(eq(designerProfiles.userId, userId));
  return row ? { enabled: row.enabled, parts: partsOf(row) } : { enabled: false, parts: [] };
}

/** Any member (a role held and approved) keeps a profile; nobody else (401/403). */
export function assertCanKeepProfile(viewer: Viewer): void {
  if (!isSignedIn(viewer)) throw new HttpError(401, "error.401");
  if (!isMember(viewer)) throw new HttpError(403, "error.403");
}

export async function saveDesignerProfile(
  db: Tx,
  viewer: Viewer,
  input: DesignerProfileInput,
  now = new Date(),
): Promise<ProfileSettings> {
  assertCanKeepProfile(viewer);
  const values = {
    enabled: input.enabled,
    showPrizes: input.parts.includes("prizes"),
    showProducts: input.parts.includes("products"),
    showResume: input.parts.includes("resume"),
    showDonations: input.parts.includes("donations"),
    updatedAt: now,
  };
  const [row] = await db.insert(designerProfiles).values({ userId: viewer.id, ...values })
    .onConflictDoUpdate({ target: designerProfiles.userId, set: values }).returning();
  return { enabled: row.enabled, parts: partsOf(row) };
}

/** Withdrawal (domain/member/withdraw.ts) removes the profile in its transaction: the page is gone at once. */
export async function removeDesignerProfile(tx: Tx, userId: number): Promise<void> {
  await tx.delete(designerProfiles).where(eq(designerProfiles.userId, userId));
}

export interface ProfilePrize {
  entry_id: number;
  title: string;
  award: string;
  family: AwardFamily;
  year: number;
  category: number;
  rank: AwardRank | null;
  nominee: boolean;
  /** The certificate's public verification path (/certificate/{code}), when the prize has a live one. */
  verify: string | null;
}

export interface ProfileResume extends ResumeSummary {
  portfolio_url: string;
  introduction: string;
}

export interface PublicProfile {
  id: number;
  name: string;
  parts: ProfilePart[];
  prizes: ProfilePrize[];
  products: ProductSummary[];
  /** Only while the member is looking (SPEC §4 resume status true). */
  resume: ProfileResume | null;
  donations: ShareSummary[];
}

/**
 * The public page's content: 404 job.profile.not_found for a member who did not turn the profile on, who
 * withdrew, or who does not exist. Only the ticked parts are read.
 */
export async function publicDesignerProfile(
  db: Tx,
  id: number,
  ctx: {
    locale: Locale;
    rate: number; /** Signs certificate codes (certificateSecret). */
    secret: Uint8Array;
    now?: Date;
  },
): Promise<PublicProfile> {
  const [found] = await db.select({
    p: designerProfiles,
    name: users.name,
    nameEn: users.nameEn,
    gone: users.withdrawnAt,
  })
    .from(designerProfiles).innerJoin(users, eq(users.id, designerProfiles.userId))
    .where(eq(designerProfiles.userId, id));
  if (!found || !found.p.enabled || found.gone) throw new HttpError(404, "job.profile.not_found");
  const { locale } = ctx;
  const parts = partsOf(found.p);
  const owner: Viewer = { id, roles: [] };
  const profile: PublicProfile = {
    id,
    name: localized(found.name, found.nameEn, locale),
    parts,
    prizes: [],
    products: [],
    resume: null,
    donations: [],
  };
  if (parts.includes("prizes")) {
    const results = await myResults(db, owner, true, ctx.now);
    const held = results.some((r) => r.certificate) ? await myCertificates(db, owner) : [];
    for (const r of results) {
      const cert = r.certificate ? held.find((c) => c.id === r.certificate!.id && !c.revokedAt) : undefined;
      profile.prizes.push({
        entry_id: r.entry.id,
        title: localized(r.entry.title, r.entry.title_en, locale),
        award: localized(r.award.title, r.award.title_en, locale),
        family: r.award.family,
        year: r.award.year,
        category: r.entry.category,
        rank: r.rank,
        nominee: r.nominee,
        verify: cert ? `/certificate/${await certificateCode(ctx.secret, cert)}` : null,
      });
    }
  }
  if (parts.includes("products")) profile.products = await productsOnSaleBy(db, id, locale, ctx.rate);
  if (parts.includes("resume")) {
    const row = await lookingResumeOf(db, id);
    if (row) {
      profile.resume = {
        ...resumeSummary(row, { name: found.name, nameEn: found.nameEn ?? "" }, locale, false),
        portfolio_url: row.portfolioUrl,
        introduction: localized(row.introduction, row.introductionEn, locale),
      };
    }
  }
  if (parts.includes("donations")) profile.donations = await publicSharesOf(db, id, "donate", locale);
  return profile;
}
