// Server-rendered pieces of the job and share pages: code labels (SPEC §3 lists), money with its pay period,
// cards of postings, resumes and shares (titled h2 on a list page, h3 under a section's h2), status badges,
// the lists' filter bars (the list kit's GET form: region of the 17, occupation, career, employment type,
// keyword of at least 2 characters) and the detail lists. No script.
import type { ComponentChildren } from "preact";
import { FilterBar, FilterField, ResultCount } from "../list/mod.tsx";
import { Card } from "../ui/Card.tsx";
import {
  CAREERS,
  EMPLOY_TYPES,
  JOB_CODES,
  type JobCodeList,
  OCCUPATIONS,
  REGIONS,
  type ShareType,
} from "../../domain/job/options.ts";
import type { PostingSummary } from "../../domain/job/postings.ts";
import type { ResumeSummary } from "../../domain/job/resumes.ts";
import type { ShareSummary } from "../../domain/share/shares.ts";
import { formatDate, formatMoney, type MessageKey, type Translate } from "../../i18n/mod.ts";
import { href, type State } from "../../state.ts";

export type Ctx = Pick<State, "t" | "locale" | "basePath">;

export function JobStyles({ state }: { state: Pick<State, "staticFiles"> }) {
  const url = (path: string) => state.staticFiles?.url(path) ?? path;
  return <link rel="stylesheet" href={url("/css/list.css")} />;
}

/** The label of a code of one of SPEC §3's lists ("" for none). */
export function codeLabel(t: Translate, list: JobCodeList, code: string | null | undefined): string {
  if (!code) return "";
  return (JOB_CODES[list] as readonly string[]).includes(code) ? t(`job.codes.${list}.${code}` as MessageKey) : code;
}

/** The options of a code list for a select. */
export function codeOptions(t: Translate, list: JobCodeList) {
  return (JOB_CODES[list] as readonly string[]).map((value) => ({ value, label: codeLabel(t, list, value) }));
}

/** "연봉 ₩36,000,000" or "By agreement". */
export function payText(state: Ctx, amount: number, type: string): string {
  if (!amount) return state.t("job.labels.salaryAgreed");
  return `${codeLabel(state.t, "salary_type", type)} ${formatMoney(amount, state.locale)}`;
}

export const day = (state: Ctx, iso: string) => formatDate(iso, state.locale);

export function Badge({ kind, children }: { kind: string; children: ComponentChildren }) {
  return <span class={`badge badge-${kind}`}>{children}</span>;
}

export function PostingCard(
  { state, posting, level = 2 }: { state: Ctx; posting: PostingSummary; level?: 2 | 3 },
) {
  const t = state.t;
  return (
    <Card
      headingLevel={level}
      title={posting.title}
      href={href(state, `/job/recruit/${posting.id}`)}
      eyebrow={
        <>
          <Badge kind={posting.status}>{t(`job.status.${posting.status}`)}</Badge>{" "}
          {codeLabel(t, "occupation", posting.occupation)}
        </>
      }
      text={posting.company}
      meta={
        <>
          {codeLabel(t, "region", posting.region)} · {codeLabel(t, "career", posting.career)} ·{" "}
          {codeLabel(t, "employ_type", posting.employ_type)} · {payText(state, posting.salary, posting.salary_type)} ·
          {" "}
          {t("job.labels.closeOn")} {day(state, posting.close_on)}
        </>
      }
    />
  );
}

export function ResumeCard(
  { state, resume, level = 2 }: { state: Ctx; resume: ResumeSummary; level?: 2 | 3 },
) {
  const t = state.t;
  return (
    <Card
      headingLevel={level}
      title={resume.title}
      href={href(state, `/job/search/${resume.id}`)}
      eyebrow={
        <>
          <Badge kind={resume.status}>{t(`job.resumeStatus.${resume.status}`)}</Badge>{" "}
          {codeLabel(t, "occupation", resume.occupation)}
        </>
      }
      text={resume.name}
      meta={
        <>
          {codeLabel(t, "region", resume.region)} · {codeLabel(t, "career", resume.career)} ·{" "}
          {codeLabel(t, "education", resume.education)} · {codeLabel(t, "employ_type", resume.employ_type)}
        </>
      }
    />
  );
}

export function ShareCard(
  { state, share, level = 2 }: { state: Ctx; share: ShareSummary; level?: 2 | 3 },
) {
  const t = state.t;
  return (
    <Card
      headingLevel={level}
      title={share.talent}
      href={href(state, `/share/${share.type}/${share.id}`)}
      eyebrow={
        <>
          <Badge kind={share.status}>{t(`job.share.status.${share.status}`)}</Badge>{" "}
          {codeLabel(t, "occupation", share.field)}
        </>
      }
      text={[share.target, share.institution].filter(Boolean).join(" · ")}
      meta={
        <>
          {codeLabel(t, "region", share.region)} · {day(state, share.period_from)} – {day(state, share.period_to)}
          {share.times ? ` · ${share.times}` : ""} · {t("job.share.labels.accepted")} {share.accepted_count}/
          {share.approved_number}
        </>
      }
    />
  );
}

export interface ListFilters {
  region?: string;
  occupation?: string;
  field?: string;
  career?: string;
  employ_type?: string;
  keyword?: string;
}

function CodeSelect(
  { t, id, name, list, value, label }: {
    t: Translate;
    id: string;
    name: string;
    list: JobCodeList;
    value?: string;
    label: string;
  },
) {
  return (
    <FilterField id={id} label={label}>
      <select class="select" id={id} name={name}>
        <option value="">{t("job.filter.all")}</option>
        {codeOptions(t, list).map((o) => (
          <option key={o.value} value={o.value} selected={o.value === value}>{o.label}</option>
        ))}
      </select>
    </FilterField>
  );
}

/** The filter bar of /job/recruit and /job/search (region, occupation, career, type, keyword). */
export function JobFilters(
  { state, action, filters, error }: { state: Ctx; action: string; filters: ListFilters; error?: string },
) {
  const t = state.t;
  const active = Object.values(filters).some(Boolean);
  return (
    <FilterBar
      action={action}
      label={t("job.filter.label")}
      submitLabel={t("job.filter.apply")}
      reset={{ href: action, label: t("job.filter.reset") }}
      active={active}
    >
      <CodeSelect
        t={t}
        id="job-region"
        name="region"
        list="region"
        value={filters.region}
        label={t("job.labels.region")}
      />
      <CodeSelect
        t={t}
        id="job-occupation"
        name="occupation"
        list="occupation"
        value={filters.occupation}
        label={t("job.labels.occupation")}
      />
      <CodeSelect
        t={t}
        id="job-career"
        name="career"
        list="career"
        value={filters.career}
        label={t("job.labels.career")}
      />
      <CodeSelect
        t={t}
        id="job-type"
        name="employ_type"
        list="employ_type"
        value={filters.employ_type}
        label={t("job.labels.employType")}
      />
      <KeywordField t={t} value={filters.keyword} error={error} />
    </FilterBar>
  );
}

function KeywordField({ t, value, error }: { t: Translate; value?: string; error?: string }) {
  return (
    <FilterField id="job-keyword" label={t("job.filter.keyword")}>
      <input
        class="input"
        type="search"
        id="job-keyword"
        name="keyword"
        value={value ?? ""}
        minLength={2}
        maxLength={100}
        aria-invalid={error ? "true" : undefined}
        aria-describedby={error ? "job-keyword-error" : "job-keyword-hint"}
      />
      {error
        ? <p class="field-error" id="job-keyword-error">{error}</p>
        : <p class="field-hint" id="job-keyword-hint">{t("job.filter.keywordHint")}</p>}
    </FilterField>
  );
}

/** The filter bar of /share/donate and /share/request (region, field, keyword). */
export function ShareFilters(
  { state, action, filters, error }: { state: Ctx; action: string; filters: ListFilters; error?: string },
) {
  const t = state.t;
  return (
    <FilterBar
      action={action}
      label={t("job.filter.label")}
      submitLabel={t("job.filter.apply")}
      reset={{ href: action, label: t("job.filter.reset") }}
      active={Object.values(filters).some(Boolean)}
    >
      <CodeSelect
        t={t}
        id="share-region"
        name="region"
        list="region"
        value={filters.region}
        label={t("job.share.labels.region")}
      />
      <CodeSelect
        t={t}
        id="share-field"
        name="field"
        list="occupation"
        value={filters.field}
        label={t("job.share.labels.field")}
      />
      <KeywordField t={t} value={filters.keyword} error={error} />
    </FilterBar>
  );
}

export function CountLine({ state, total, estimated }: { state: Ctx; total: number; estimated: boolean }) {
  return <ResultCount text={state.t(estimated ? "job.countAbout" : "job.count", { total })} />;
}

/** The labels of the job and share management tables' status-and-keyword filter bar. */
export const manageFilterLabels = (t: Ctx["t"]) => ({
  status: t("job.manage.filterStatus"),
  all: t("job.filter.all"),
  keyword: t("job.filter.keyword"),
});

/** A definition list of label → value rows, empty values left out. */
export function Facts({ rows }: { rows: [string, ComponentChildren][] }) {
  return (
    <dl class="definition-list">
      {rows.filter(([, v]) => v !== "" && v !== null && v !== undefined).map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export const shareListPath = (type: ShareType) => `/share/${type}`;
export const FILTER_LISTS = { REGIONS, OCCUPATIONS, CAREERS, EMPLOY_TYPES };
