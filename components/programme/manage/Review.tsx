// /management/{support,program,education}/{id}: one call's applications in the management-table kit —
// filter by status and applicant, sort, select rows and start review / accept / reject with a reason /
// write to the applicants (each applicant mailed through the outbox), the CSV of the same filter and the
// documents as one zip — and one application's answers in the form version they were given in, with a
// paid course's payment, which an administrator refunds there.
import { page, redirect } from "../../../framework/define.ts";
import { streamResponse } from "../../../framework/http.ts";
import type { ProgrammeRow } from "../../../db/schema/programme.ts";
import type { Paginated } from "../../../domain/common/list.ts";
import { BulkIds, parseSort, type Sort } from "../../../domain/common/table.ts";
import { csvHeaders, csvStream } from "../../../domain/common/csv.ts";
import { zipAnswer } from "../../../domain/file/delivery.ts";
import { requireForm } from "../../../domain/form/forms.ts";
import { Answers } from "../../form/Answers.tsx";
import type { FormComponent } from "../../../domain/form/model.ts";
import { flashCookie } from "../../../domain/member/cookies.ts";
import { APPLICATION_STATUSES, type ProgrammeKind } from "../../../domain/programme/kinds.ts";
import {
  applicationBatch,
  applicationCounts,
  applicationOf,
  completeEnrolments,
  DEFAULT_SORT,
  documentCount,
  listApplications,
  messageApplicants,
  programmeDocuments,
  recordAttendance,
  ReviewAction,
  reviewApplications,
  ReviewFilter,
  type ReviewRow,
  SORT_KEYS,
  type SortKey,
} from "../../../domain/programme/manage.ts";
import { requireProgramme, titleOf } from "../../../domain/programme/programmes.ts";
import { STAFF_ACTIONS } from "../../../domain/programme/review.ts";
import { sessionCount } from "../../../domain/programme/completion.ts";
import { feeState } from "../../../domain/programme/fees.ts";
import { TARGET_COURSE_ENROLMENT } from "../../../domain/programme/payment.ts";
import { latestPayments, refundPayment } from "../../../domain/pay/orders.ts";
import { activeProvider } from "../../../domain/pay/web.ts";
import { isAdministrator } from "../../../domain/member/permissions.ts";
import type { PaymentRow } from "../../../db/schema/pay.ts";
import { HttpError } from "../../../framework/errors.ts";
import { z } from "zod";
import { readBody } from "../../../domain/request.ts";
import { parseOrThrow } from "../../../domain/validation.ts";
import { formatDate, type MessageKey } from "../../../i18n/mod.ts";
import { define, type State } from "../../../state.ts";
import { refusalView } from "../../management/award/refusal.ts";
import { DataTable, StatusKeywordFilters } from "../../management/DataTable.tsx";
import { ManageHeader } from "../../management/Frame.tsx";
import { Alert } from "../../ui/Alert.tsx";
import { Button } from "../../ui/Button.tsx";
import { Select, Textarea, TextField } from "../../ui/FormField.tsx";
import { ApplicationBadge, FeeStatus, ProgrammeStyles } from "../Labels.tsx";
import { CsrfField } from "../../ui/CsrfField.tsx";
import { IdParam, manageBase, manageTitle } from "./ProgrammeAdmin.tsx";

interface ReviewView {
  kind: ProgrammeKind;
  programme: ProgrammeRow;
  list: Paginated<ReviewRow>;
  query: Record<string, string>;
  sort: Sort<SortKey>;
  counts: Partial<Record<string, number>>;
  documents: number;
  error?: string;
  fields: Record<string, string>;
}

function filterQuery(url: URL): Record<string, string> {
  const q: Record<string, string> = {};
  for (const k of ["status", "q", "sort", "dir"]) {
    const v = url.searchParams.get(k);
    if (v) q[k] = v;
  }
  return q;
}

async function reviewView(
  state: State,
  kind: ProgrammeKind,
  id: number,
  url: URL,
  extra: Partial<ReviewView> = {},
  status = 200,
) {
  const programme = await requireProgramme(state.db, id, kind);
  state.title = state.t("programme.manage.reviewTitle", { title: titleOf(programme, state.locale) });
  const query = filterQuery(url);
  const parsed = ReviewFilter.safeParse({ ...query, page: url.searchParams.get("page") ?? "" });
  const filter = parsed.success ? parsed.data : { page: 1 };
  const sort = parseSort(url, SORT_KEYS, DEFAULT_SORT);
  const base = `${manageBase(state, kind)}/${id}`;
  const list = await listApplications(state.db, programme, filter, sort, (p) => `${base}?page=${p}`);
  const error = parsed.success ? extra.error : state.t("manage.search_short");
  return page<ReviewView>({
    kind,
    programme,
    list,
    query,
    sort,
    counts: await applicationCounts(state.db, id),
    documents: await documentCount(state.db, id),
    fields: {},
    ...extra,
    error,
  }, { status: parsed.success ? status : 400 });
}

export function reviewHandler(kind: ProgrammeKind) {
  return define.handlers<ReviewView>({
    GET({ state, params, url }) {
      return reviewView(state, kind, parseOrThrow(IdParam, params, 400).id, url);
    },
    async POST({ req, state, params, url }) {
      const { id } = parseOrThrow(IdParam, params, 400);
      const programme = await requireProgramme(state.db, id, kind);
      try {
        const { body } = await readBody(req, 64 * 1024);
        const ids = parseOrThrow(BulkIds, body.ids);
        const action = parseOrThrow(ReviewAction, body);
        const done = action.action === "message"
          ? await messageApplicants(state.db, state.config, programme, ids, action.subject, action.message)
          : action.action === "attend"
          ? await recordAttendance(state.db, programme, ids)
          : action.action === "complete"
          ? await completeEnrolments(state.db, state.config, programme, ids)
          : await reviewApplications(state.db, state.config, programme, ids, action.action, action.reason);
        const res = redirect(`${manageBase(state, kind)}/${id}${url.search}`);
        res.headers.append(
          "set-cookie",
          flashCookie(
            action.action === "message"
              ? "programme.manage.saved"
              : done
              ? "programme.manage.saved"
              : "programme.wrong_status",
            state.https,
          ),
        );
        return res;
      } catch (err) {
        const view = refusalView(err, state.t);
        const message = Object.values(view.fields)[0] ?? view.message;
        return reviewView(state, kind, id, url, { error: message, fields: view.fields }, view.status);
      }
    },
  });
}

export function ReviewPage({ data, state, url }: { data: ReviewView; state: State; url: URL }) {
  const { t, locale } = state;
  const base = `${manageBase(state, data.kind)}/${data.programme.id}`;
  const csv = `${base}/applications.csv${url.search}`;
  const name = (r: ReviewRow) => (locale === "en" && r.nameEn ? r.nameEn : r.name);
  return (
    <>
      <ProgrammeStyles state={state} />
      <ManageHeader
        state={state}
        title={t("programme.manage.reviewTitle", { title: titleOf(data.programme, locale) })}
        trail={[{ label: manageTitle(state, data.kind), href: manageBase(state, data.kind) }]}
        actions={
          <>
            <Button href={`${base}/edit`} variant="secondary">{t("programme.manage.edit")}</Button>
            <Button href={`${base}/documents.zip`} variant="secondary" download>
              {t("programme.manage.documents")}
            </Button>
          </>
        }
      />
      <ul class="chips">
        {APPLICATION_STATUSES.map((s) => (
          <li key={s} class="chip">
            {t(`programme.application.${s}`)} {data.counts[s] ?? 0}
          </li>
        ))}
      </ul>
      <StatusKeywordFilters
        t={t}
        action={base}
        status={data.query.status}
        q={data.query.q}
        keep={{ sort: data.query.sort, dir: data.query.dir }}
        labels={{
          status: t("programme.field.status"),
          all: t("programme.table.statusAll"),
          keyword: t("programme.table.keyword"),
        }}
        options={APPLICATION_STATUSES.map((s) => ({ value: s, label: t(`programme.application.${s}`) }))}
      />
      {data.error && <Alert kind="error">{data.error}</Alert>}
      <DataTable
        t={t}
        caption={t("programme.manage.reviewTitle", { title: titleOf(data.programme, locale) })}
        list={data.list}
        rowKey={(r) => r.application.id}
        rowLabel={(r) => `#${r.application.id} ${name(r)}`}
        empty={t("programme.manage.empty")}
        baseHref={base}
        query={data.query}
        sort={data.sort}
        csvHref={csv}
        columns={[
          { header: "ID", sort: "id", cell: (r) => r.application.id },
          {
            header: t("programme.field.applicant"),
            sort: "name",
            rowHeader: true,
            align: "start",
            cell: (r) => <a href={`${base}/applications/${r.application.id}`}>{`${name(r)} (${r.username})`}</a>,
          },
          {
            header: t("programme.field.status"),
            sort: "status",
            cell: (r) => <ApplicationBadge state={state} status={r.application.status} />,
          },
          { header: t("programme.field.appliedAt"), cell: (r) => formatDate(r.application.createdAt, locale) },
          { header: t("programme.field.reason"), align: "start", cell: (r) => r.application.reason || "—" },
          ...(data.kind === "course"
            ? [{
              header: t("programme.manage.attendance"),
              cell: (r: ReviewRow) =>
                `${r.application.attended} / ${sessionCount(data.programme.sessions)}${
                  r.application.completedAt ? ` · ${t("programme.manage.completed")}` : ""
                }`,
            }, {
              header: t("programme.pay.column"),
              cell: (r: ReviewRow) => (
                <FeeStatus
                  state={state}
                  application={{ ...r.application, pay: feeState(r.application) }}
                  pay={false}
                />
              ),
            }]
            : []),
        ]}
        bulk={{
          action: `${base}${url.search}`,
          csrfToken: state.csrfToken,
          controls: (
            <>
              <Select
                name="action"
                label={t("programme.manage.bulk")}
                required
                placeholder={t("programme.form.choose")}
                options={[
                  ...STAFF_ACTIONS.map((a) => ({ value: a, label: t(`programme.manage.action.${a}`) })),
                  ...(data.kind === "course"
                    ? (["attend", "complete"] as const).map((a) => ({
                      value: a,
                      label: t(`programme.manage.action.${a}`),
                    }))
                    : []),
                  { value: "message", label: t("programme.manage.message") },
                ]}
              />
              <Textarea
                name="reason"
                label={t("programme.field.reason")}
                hint={t("programme.manage.reasonHint")}
                rows={2}
                error={data.fields.reason}
              />
              <TextField name="subject" label={t("programme.manage.messageSubject")} error={data.fields.subject} />
              <Textarea name="message" label={t("programme.manage.messageBody")} rows={3} error={data.fields.message} />
              <Button type="submit">{t("programme.manage.apply")}</Button>
            </>
          ),
        }}
      />
    </>
  );
}

// ---------- CSV and documents ----------

export function csvHandler(kind: ProgrammeKind) {
  return define.handlers({
    async GET({ state, params, url }) {
      const { t, locale } = state;
      const { id } = parseOrThrow(IdParam, params, 400);
      const programme = await requireProgramme(state.db, id, kind);
      const filter = parseOrThrow(ReviewFilter, { ...filterQuery(url), page: "" }, 400);
      const header = ["id", "programme", "status", "username", "name", "email", "appliedAt", "version", "reason"]
        .map((c) => t(`programme.csv.${c}` as MessageKey));
      const body = csvStream(header, applicationBatch(state.db, programme, filter), (r) => r.application.id, (r) => [
        r.application.id,
        titleOf(programme, locale),
        t(`programme.application.${r.application.status}`),
        r.username,
        r.name,
        r.email,
        formatDate(r.application.createdAt, locale, "datetime"),
        r.application.formVersion,
        r.application.reason,
      ]);
      return streamResponse(body, { headers: csvHeaders(`${kind}-${id}-applications.csv`) });
    },
  });
}

/** The documents of every live application (or of one: `?application=`), as one zip. */
export function documentsHandler(kind: ProgrammeKind) {
  return define.handlers({
    async GET({ state, params, url }) {
      const { id } = parseOrThrow(IdParam, params, 400);
      const programme = await requireProgramme(state.db, id, kind);
      const one = url.searchParams.get("application");
      let list = await programmeDocuments(state.db, programme);
      if (one !== null) {
        const row = await applicationOf(state.db, programme, parseOrThrow(IdParam, { id: one }, 400).id);
        list = list.filter((f) => row.application.fileIds.includes(f.id));
      }
      if (!list.length) {
        return new Response(state.t("programme.manage.noDocuments"), {
          status: 404,
          headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
        });
      }
      return zipAnswer(state, list, `${kind}-${id}-documents.zip`);
    },
  });
}

// ---------- One application ----------

interface ApplicationView {
  kind: ProgrammeKind;
  programme: ProgrammeRow;
  row: ReviewRow;
  tree: FormComponent[];
  /** A paid course: the enrolment's payment (the latest settled one), and whether the viewer may refund it. */
  payment: PaymentRow | null;
  canRefund: boolean;
  error?: string;
}

const RefundInput = z.object({
  action: z.literal("refund"),
  payment: z.coerce.number().int().min(1).max(2 ** 31 - 1),
  reason: z.string().trim().min(1, "awardAdmin.error.reason").max(200),
});

async function applicationView(state: State, kind: ProgrammeKind, params: Record<string, string>) {
  const { id } = parseOrThrow(IdParam, params, 400);
  const programme = await requireProgramme(state.db, id, kind);
  const row = await applicationOf(state.db, programme, parseOrThrow(IdParam, { id: params.application }, 400).id);
  const form = row.application.formId
    ? await requireForm(state.db, row.application.formId, row.application.formVersion ?? undefined).catch(() => null)
    : null;
  const payment = kind === "course" && row.application.fee > 0
    ? (await latestPayments(state.db, TARGET_COURSE_ENROLMENT, [row.application.id])).get(row.application.id) ?? null
    : null;
  state.title = `#${row.application.id} ${row.name}`;
  return {
    kind,
    programme,
    row,
    tree: form?.version.components ?? [],
    payment,
    canRefund: isAdministrator(state.viewer),
  } satisfies ApplicationView;
}

/**
 * One application; POST is an administrator's refund of a course enrolment's paid fee through the payment
 * module (refundPayment: the provider refunds, then the payment and the enrolment change in one
 * transaction; a live enrolment is cancelled and its place goes to the waiting list).
 */
export function applicationHandler(kind: ProgrammeKind) {
  return define.handlers<ApplicationView>({
    async GET({ state, params }) {
      return page<ApplicationView>(await applicationView(state, kind, params));
    },
    async POST({ req, state, params, url }) {
      const view = await applicationView(state, kind, params);
      try {
        const { body } = await readBody(req, 16 * 1024);
        const input = parseOrThrow(RefundInput, body);
        // Only this application's own payment is refunded from its page.
        if (!view.payment || view.payment.id !== input.payment) throw new HttpError(404, "pay.not_found");
        await refundPayment(state.db, activeProvider(state.config, state.sessionSecret), state.viewer, input.payment, {
          reason: input.reason,
          clientIp: state.clientIp,
          mail: state.config,
        });
        const res = redirect(url.pathname);
        res.headers.append("set-cookie", flashCookie("programme.pay.refunded", state.https));
        return res;
      } catch (err) {
        const refusal = refusalView(err, state.t);
        return page<ApplicationView>(
          { ...view, error: Object.values(refusal.fields)[0] ?? refusal.message },
          { status: refusal.status },
        );
      }
    },
  });
}

export function ApplicationPage({ data, state }: { data: ApplicationView; state: State }) {
  const { t, locale } = state;
  const base = `${manageBase(state, data.kind)}/${data.programme.id}`;
  const a = data.row.application;
  return (
    <>
      <ProgrammeStyles state={state} />
      <ManageHeader
        state={state}
        title={`#${a.id} ${data.row.name}`}
        trail={[
          { label: manageTitle(state, data.kind), href: manageBase(state, data.kind) },
          { label: titleOf(data.programme, locale), href: base },
        ]}
        actions={a.fileIds.length > 0 && (
          <Button href={`${base}/documents.zip?application=${a.id}`} variant="secondary" download>
            {t("programme.manage.documents")}
          </Button>
        )}
      />
      <p>
        <ApplicationBadge state={state} status={a.status} /> {data.row.username} · {data.row.email} ·{" "}
        {formatDate(a.createdAt, locale, "datetime")} ·{" "}
        {t("programme.builder.version", { version: a.formVersion ?? 0 })}
      </p>
      {a.reason && <Alert kind="info">{`${t("programme.field.reason")}: ${a.reason}`}</Alert>}
      {data.error && <Alert kind="error">{data.error}</Alert>}
      {data.kind === "course" && a.fee > 0 && <PaymentSection state={state} data={data} />}
      <h2 class="section-title">{t("programme.manage.answers")}</h2>
      <Answers state={state} tree={data.tree} answers={a.answers} />
      <p class="actions">
        <a class="button button-secondary" href={base}>{t("programme.manage.back")}</a>
      </p>
    </>
  );
}

function PaymentSection({ state, data }: { state: State; data: ApplicationView }) {
  const { t, locale } = state;
  const a = data.row.application;
  const p = data.payment;
  return (
    <section aria-labelledby="enrolment-payment">
      <h2 id="enrolment-payment" class="section-title">{t("programme.pay.payment")}</h2>
      <p>
        <FeeStatus state={state} application={{ ...a, pay: feeState(a) }} pay={false} />
      </p>
      {p
        ? (
          <dl class="detail-list">
            <div>
              <dt>{t("programme.pay.order")}</dt>
              <dd>{p.orderId}</dd>
            </div>
            <div>
              <dt>{t("programme.field.status")}</dt>
              <dd>
                {`${t(`pay.status.${p.status}`)} · ${formatDate(p.approvedAt ?? p.createdAt, locale, "datetime")}`}
              </dd>
            </div>
          </dl>
        )
        : <p>{t("programme.pay.none")}</p>}
      {p?.status === "paid" && data.canRefund && (
        <form method="post" class="form">
          <CsrfField state={state} />
          <input type="hidden" name="action" value="refund" />
          <input type="hidden" name="payment" value={String(p.id)} />
          <TextField name="reason" label={t("programme.pay.refundReason")} required maxLength={200} />
          <div class="form-actions">
            <Button type="submit" variant="secondary">{t("programme.pay.refund")}</Button>
          </div>
        </form>
      )}
    </section>
  );
}
