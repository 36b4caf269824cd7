// Who may enter an award, how many entries a member may have, what an entry costs, what it must contain,
// and who may change or pay for it (SPEC §4, §5, §6, §8). Pure: the caller loads the award, the member's
// entries and the entry; these functions decide. A refusal is an HttpError carrying SPEC §8's status and
// a message key: `…Refusal` functions return it (a screen can show why a button is missing), `assert…`
// functions throw it (a handler stops there).
import { HttpError } from "../../framework/errors.ts";
import { canSubmitAward, isMember, isSignedIn, type Viewer } from "../member/permissions.ts";
import { type EntryContent, type EntryIssue, entryIssues } from "./entry-schema.ts";
import {
  COMPANY_ENTRY_FEE,
  DESIGN_CATEGORIES,
  type EntryStatus,
  type ExhibitorType,
  isInvitedExhibitor,
  MAX_ENTRIES,
  MAX_ENTRIES_INVITED,
} from "./options.ts";
import { type AwardSchedule, submissionWindow } from "./phase.ts";

const throwIf = (refusal: HttpError | null) => {
  if (refusal) throw refusal;
};

// ---------- Submitting ----------

/** Why the submission window refuses a viewer who is a member but not a tester or administrator. */
function windowRefusal(award: AwardSchedule, now: Date): HttpError {
  return new HttpError(
    403,
    submissionWindow(award, now) === "after" ? "award.submit_expired" : "award.unable_to_submit",
  );
}

/**
 * SPEC §4/§6: administrators and testers submit at any time; other members only in the submit phase;
 * nobody else. Anonymous visitors get 401 (sign in), signed-in visitors without a member role 403.
 */
export function submitRefusal(
  viewer: Viewer,
  award: AwardSchedule | null | undefined,
  now = new Date(),
): HttpError | null {
  if (!award) return new HttpError(404, "award.not_found");
  if (!isSignedIn(viewer)) return new HttpError(401, "award.members_only");
  if (canSubmitAward(viewer, submissionWindow(award, now) === "open")) return null;
  if (!isMember(viewer)) return new HttpError(403, "award.members_only");
  return windowRefusal(award, now);
}

export function assertCanSubmit(
  viewer: Viewer,
  award: AwardSchedule | null | undefined,
  now = new Date(),
): asserts award is AwardSchedule {
  throwIf(submitRefusal(viewer, award, now));
}

// ---------- How many ----------

/** One of the member's entries in the same award, as far as the count needs it. */
export interface CountedEntry {
  status: EntryStatus | string;
  exhibitorType: ExhibitorType | string;
}

/** A cancelled entry frees its place. */
export const countsTowardLimit = (entry: CountedEntry): boolean => entry.status !== "cancel";

export function maxEntriesFor(exhibitorType: ExhibitorType): number {
  return isInvitedExhibitor(exhibitorType) ? MAX_ENTRIES_INVITED : MAX_ENTRIES;
}

/**
 * SPEC §5: at most 2 entries per member in one award; only 1 when entering as an invited or recommended
 * designer, either this time or before. `existing` are the member's entries in this award; when editing,
 * leave out the entry being edited.
 */
export function entryCountRefusal(existing: readonly CountedEntry[], exhibitorType: ExhibitorType): HttpError | null {
  const active = existing.filter(countsTowardLimit);
  if (active.length >= MAX_ENTRIES) return new HttpError(409, "award.submit_count_max");
  const invited = isInvitedExhibitor(exhibitorType) ||
    active.some((e) => isInvitedExhibitor(e.exhibitorType as ExhibitorType));
  if (invited && active.length >= MAX_ENTRIES_INVITED) return new HttpError(409, "award.artist_max");
  return null;
}

export function assertEntryCount(existing: readonly CountedEntry[], exhibitorType: ExhibitorType): void {
  throwIf(entryCountRefusal(existing, exhibitorType));
}

// ---------- Fee ----------

/** SPEC §6/§9: company entrants pay 100,000 KRW; everybody else enters free. Never read from the request. */
export function entryFee(exhibitorType: ExhibitorType): number {
  return exhibitorType === "company" ? COMPANY_ENTRY_FEE : 0;
}

/** A paying entry waits for its payment; a free one is submitted at once. */
export function initialEntryStatus(fee: number): EntryStatus {
  return fee > 0 ? "pay_incomplete" : "submitted";
}

// ---------- Content ----------

const toFields = (issues: readonly EntryIssue[]) => {
  const fields: Record<string, string[]> = {};
  for (const { path, message } of issues) (fields[path.join(".")] ??= []).push(message);
  return fields;
};

/**
 * SPEC §5 on the entry itself: up to 3 sub designers; the prized-elsewhere declaration; digital content
 * with a representative image, a playable http(s) URL and a video of 3 minutes at most; other works with
 * their files. 422 with the first rule's key and every field's keys.
 */
export function entryContentRefusal(content: EntryContent): HttpError | null {
  const issues = entryIssues(content);
  if (issues.length === 0) return null;
  return new HttpError(422, issues[0].message, "Validation failed", { fields: toFields(issues) });
}

export function assertEntryContent(content: EntryContent): void {
  throwIf(entryContentRefusal(content));
}

/** The award's own categories; an award that names none offers every design branch. */
export function assertCategoryOffered(category: number, offered: readonly number[]): void {
  const list: readonly number[] = offered.length ? offered : DESIGN_CATEGORIES;
  if (!list.includes(category)) {
    throw new HttpError(422, "award.category_invalid", "Validation failed", {
      fields: { category: ["award.category_invalid"] },
    });
  }
}

/**
 * SPEC §5 "only RGB (CMYK rejected)", for the colour spaces recorded of an entry's images (libvips names,
 * as domain/file records them). Like the upload check, only CMYK-like spaces are refused.
 */
const NOT_RGB_SPACES = new Set(["cmyk", "ycck"]);

export function assertRgbImages(spaces: readonly (string | null | undefined)[]): void {
  if (spaces.some((s) => NOT_RGB_SPACES.has((s ?? "").toLowerCase()))) throw new HttpError(422, "award.only_rgb");
}

// ---------- Changing, cancelling, paying ----------

/** An entry as far as ownership and state go. */
export interface OwnedEntry {
  userId: number;
  status: EntryStatus | string;
}

export type EntryChange = "edit" | "cancel";

/** A paid entry can be edited but not cancelled by its owner: its refund is the administrators' call. */
const CHANGEABLE: Record<EntryChange, readonly string[]> = {
  edit: ["submitted", "pay_incomplete", "pay_complete"],
  cancel: ["submitted", "pay_incomplete"],
};

/** Missing and someone else's entry answer the same 404, so ids cannot be probed. */
function ownerRefusal(viewer: Viewer, entry: OwnedEntry | null | undefined): HttpError | null {
  if (!isSignedIn(viewer)) return new HttpError(401, "award.members_only");
  if (!entry || entry.userId !== viewer.id) return new HttpError(404, "award.entry_not_found");
  return null;
}

/**
 * My page's edit and cancel: only the owner, only while submission is open (testers and administrators:
 * any time, as for submitting), and only before judging has touched the entry.
 */
export function entryChangeRefusal(
  viewer: Viewer,
  entry: OwnedEntry | null | undefined,
  award: AwardSchedule | null | undefined,
  change: EntryChange,
  now = new Date(),
): HttpError | null {
  const owner = ownerRefusal(viewer, entry);
  if (owner || !entry) return owner;
  if (!award) return new HttpError(404, "award.not_found");
  if (!CHANGEABLE[change].includes(entry.status)) return new HttpError(409, "award.entry_locked");
  if (!canSubmitAward(viewer, submissionWindow(award, now) === "open")) return windowRefusal(award, now);
  return null;
}

export function assertCanChangeEntry(
  viewer: Viewer,
  entry: OwnedEntry | null | undefined,
  award: AwardSchedule | null | undefined,
  change: EntryChange,
  now = new Date(),
): void {
  throwIf(entryChangeRefusal(viewer, entry, award, change, now));
}

/** Paying later from my page: the owner's own entry, and only while it waits for its payment. */
export function payRefusal(viewer: Viewer, entry: OwnedEntry | null | undefined): HttpError | null {
  const owner = ownerRefusal(viewer, entry);
  if (owner || !entry) return owner;
  return entry.status === "pay_incomplete" ? null : new HttpError(409, "award.not_payable");
}

export function assertCanPay(viewer: Viewer, entry: OwnedEntry | null | undefined): void {
  throwIf(payRefusal(viewer, entry));
}
