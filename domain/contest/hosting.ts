// The hosting wizard on the server (SPEC §2.5: select field, recruitment content, schedule, completion),
// shared by the plain forms and the island's JSON calls: each step is checked with its own schema and kept
// in the host's server draft (domain/common/drafts.ts, kind contest_host); the last step checks the whole
// contest again, stores it unpaid and drops the draft in one transaction. Payment of the prize money then
// goes through the payment module (type=contest), which makes the contest wait for the council's approval.
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { type ContestRow, contests } from "../../db/schema/contest.ts";
import { HttpError } from "../../framework/errors.ts";
import { type Draft, type DraftKey, dropDraft, keptFields, readDraft, saveStep, writeDraft } from "../common/drafts.ts";
import type { Viewer } from "../member/permissions.ts";
import { fieldErrors } from "../validation.ts";
import { assertCanHost } from "./rules.ts";
import { type ContestInput, HOST_DRAFT_FIELDS, HOST_STEPS, type HostStep } from "./schema.ts";

export const HOST_KIND = "contest_host";
export const HOST_STEP_COUNT = 4;

const keyOf = (viewer: Viewer): DraftKey => ({ userId: viewer.id, kind: HOST_KIND, ref: 0 });

/** The host's draft (step 1 and nothing typed when there is none). 401/403 for anyone who may not host. */
export async function openHosting(db: Db, viewer: Viewer): Promise<Draft> {
  assertCanHost(viewer);
  return (await readDraft(db, keyOf(viewer))) ?? { data: {}, step: 1 };
}

function check<S extends HostStep>(step: S, data: Record<string, unknown>): z.infer<typeof HOST_STEPS[S]> {
  const result = HOST_STEPS[step].safeParse(data);
  if (!result.success) {
    throw new HttpError(422, "error.validation", "Validation failed", { fields: fieldErrors(result.error), step });
  }
  return result.data as z.infer<typeof HOST_STEPS[S]>;
}

/** A finished step: checked, kept, and the draft moved on to the next step. */
export async function saveHostStep(
  db: Db,
  viewer: Viewer,
  step: HostStep,
  body: Record<string, unknown>,
): Promise<Draft> {
  assertCanHost(viewer);
  const fields = keptFields(body, HOST_DRAFT_FIELDS);
  check(step, fields);
  return await saveStep(db, keyOf(viewer), fields, step + 1);
}

/** Back: what is typed is kept unchecked and the wizard shows the previous step. */
export async function stepBack(db: Db, viewer: Viewer, step: number, body: Record<string, unknown>): Promise<Draft> {
  assertCanHost(viewer);
  return await saveStep(db, keyOf(viewer), keptFields(body, HOST_DRAFT_FIELDS), Math.max(1, step - 1));
}

/** Opens an earlier step of the draft (never a later one than reached). */
export async function showStep(db: Db, viewer: Viewer, step: number): Promise<Draft> {
  const draft = await openHosting(db, viewer);
  if (step >= 1 && step < draft.step) {
    const moved = { ...draft, step };
    await writeDraft(db, keyOf(viewer), moved);
    return moved;
  }
  return draft;
}

/** The whole contest from the draft: every step checked again (422 naming the first step in error). */
export function contestInput(data: Record<string, unknown>): ContestInput {
  return { ...check(1, data), ...check(2, data), ...check(3, data) };
}

/** The last step: the contest stored unpaid for the host, the draft dropped, in one transaction. */
export async function finishHosting(db: Db, viewer: Viewer): Promise<ContestRow> {
  assertCanHost(viewer);
  return await db.transaction(async (tx) => {
    const draft = await readDraft(tx, keyOf(viewer));
    if (!draft) throw new HttpError(409, "contest.wrong_status");
    const v = contestInput(draft.data);
    const [row] = await tx.insert(contests).values({
      hostId: viewer.id,
      field: v.field,
      subField: v.sub_field,
      detailItems: v.detail_items,
      title: v.title,
      titleEn: v.title_en,
      company: v.company,
      companyEn: v.company_en,
      contactEmail: v.contact_email,
      summary: v.summary,
      summaryEn: v.summary_en,
      request: v.request,
      requestEn: v.request_en,
      commercial: v.commercial,
      logoStyle: v.logo_style ?? null,
      websiteStyle: v.website_style ?? null,
      referenceSites: v.reference_sites,
      referenceUrls: v.reference_urls,
      sns: v.sns,
      preferredColor: v.preferred_color,
      style: v.style,
      languages: v.languages,
      entryRestriction: v.entry_restriction,
      openAt: v.open_at,
      closeAt: v.close_at,
      resultAt: v.result_at,
      prize1: v.prize1,
      prize2: v.prize2,
      prize3: v.prize3,
      public: v.public,
      approval: "unpaid",
    }).returning();
    await dropDraft(tx, keyOf(viewer));
    return row;
  });
}
