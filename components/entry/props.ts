// Builds the entry wizard island's props on the server: translated texts and options, the upload rules'
// messages, what is known of the files the draft names, fees, and the completion result.
import { inArray } from "drizzle-orm";
import type { EntryRow } from "../../db/schema/award.ts";
import { files as filesTable } from "../../db/schema/file.ts";
import { ENTRY_FILE_FIELDS } from "../../domain/award/entry-files.ts";
import { entryFee } from "../../domain/award/entry-rules.ts";
import { DESIGN_CATEGORIES, EXHIBITOR_TYPES, SCHOOL_TYPES, WORK_TYPES } from "../../domain/award/options.ts";
import type { WizardContext } from "../../domain/award/wizard.ts";
import { fileUrl } from "../../domain/file/present.ts";
import { formatMoney, type MessageKey, messagesOf } from "../../i18n/mod.ts";
import { href, type State } from "../../state.ts";
import { acceptFor, uploadMessages } from "../file/messages.ts";
import type { EntryResult, EntryWizardProps, FileInfo } from "./types.ts";

const TEXT_PREFIXES = ["entry.", "award.", "file."];

export function wizardTexts(state: State, overrides: Record<string, string>): Record<string, string> {
  const all = messagesOf(state.locale, overrides);
  const texts = Object.fromEntries(Object.entries(all).filter(([k]) => TEXT_PREFIXES.some((p) => k.startsWith(p))));
  texts["register.networkError"] = all["register.networkError"];
  texts["common.working"] = all["common.working"];
  return texts;
}

const idsIn = (data: Record<string, unknown>) =>
  Object.keys(ENTRY_FILE_FIELDS).flatMap((f) => [data[f] ?? []].flat()).map(Number).filter((n) => n > 0);

/** The files a draft names that the member owns (anything else is shown as a bare id and refused later). */
export async function knownFiles(state: State, data: Record<string, unknown>): Promise<Record<number, FileInfo>> {
  const wanted = idsIn(data);
  if (!wanted.length) return {};
  const rows = await state.db.select().from(filesTable).where(inArray(filesTable.id, wanted));
  return Object.fromEntries(
    rows.filter((r) => r.ownerId === state.viewer.id).map((r) => [r.id, {
      id: r.id,
      name: r.originalName,
      thumbnail: r.mimetype.startsWith("image/") ? fileUrl.variant(r.id, "external_thumbnail") : null,
    }]),
  );
}

/** The provider's payment window for an entry (works without JavaScript; SPEC §2.1 /pay/{provider}/popup). */
export function payHref(state: State, family: string, entryId: number): string {
  return href(state, `/pay/${state.config.payProvider}/popup?type=${family}&id=${entryId}`);
}

export function entryResult(state: State, entry: EntryRow, family: string, edited: boolean): EntryResult {
  const { t } = state;
  return {
    id: entry.id,
    status: entry.status,
    statusLabel: t(`award.entry_status.${entry.status}` as MessageKey),
    fee: entry.fee,
    feeText: formatMoney(entry.fee, state.locale),
    payHref: entry.status === "pay_incomplete" ? payHref(state, family, entry.id) : null,
    mypageHref: href(state, `/mypage/${family === "ibda" ? "ibda" : "awards"}`),
    edited,
  };
}

export async function wizardProps(
  state: State,
  context: WizardContext,
  extra: { errors?: Record<string, string[]>; formError?: string; result?: EntryResult | null; step?: number },
): Promise<EntryWizardProps> {
  const { t } = state;
  const { award, entry, draft } = context;
  const offered = award.categories.length ? award.categories : DESIGN_CATEGORIES;
  const query = `award=${award.id}${entry ? `&entry=${entry.id}` : ""}`;
  const purposes = Object.values(ENTRY_FILE_FIELDS);
  return {
    action: href(state, `/entry?${query}`),
    csrf: state.csrfToken,
    awardId: award.id,
    awardTitle: state.locale === "en" && award.titleEn ? award.titleEn : award.title,
    entryId: entry?.id ?? null,
    step: extra.step ?? draft.step,
    data: draft.data,
    errors: extra.errors ?? {},
    formError: extra.formError,
    texts: wizardTexts(state, await state.sites.textOverrides(state.locale)),
    options: {
      exhibitorTypes: EXHIBITOR_TYPES.map((v) => ({ value: v, label: t(`award.exhibitor.${v}` as MessageKey) })),
      schoolTypes: SCHOOL_TYPES.map((v) => ({ value: v, label: t(`award.school.${v}` as MessageKey) })),
      categories: offered.map((v) => ({ value: String(v), label: t(`award.category.${v}` as MessageKey) })),
      workTypes: WORK_TYPES.map((v) => ({ value: v, label: t(`award.work_type.${v}` as MessageKey) })),
    },
    uploads: Object.fromEntries(purposes.map((p) => [p, { messages: uploadMessages(t, p), accept: acceptFor(p) }])),
    files: await knownFiles(state, draft.data),
    fees: Object.fromEntries(EXHIBITOR_TYPES.map((v) => {
      const fee = entryFee(v);
      return [v, fee > 0 ? formatMoney(fee, state.locale) : t("entry.free")];
    })),
    result: extra.result ?? null,
    // Under /en the calls answer in English (the completion step's texts and links).
    api: {
      draft: href(state, "/api/entry/draft"),
      submit: href(state, "/api/entry"),
      upload: href(state, "/api/file"),
    },
  };
}
