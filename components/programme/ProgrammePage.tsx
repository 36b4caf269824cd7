// One programme, support call or course (issue 14 §2–§4): its details, where the visitor's application
// stands, and its application form rendered by the form-builder kit, posting without JavaScript to the
// same address. The handler (programmeHandler) serves /support/{id}, /program/{id} and /education/{id};
// a path segment that is not a number is a content page (/support/intro), answered by the page lookup.
import { page, redirect } from "../../framework/define.ts";
import { HttpError } from "../../framework/errors.ts";
import type { ApplicationRow, ProgrammeRow } from "../../db/schema/programme.ts";
import { requireForm } from "../../domain/form/forms.ts";
import type { FormComponent } from "../../domain/form/model.ts";
import { flashCookie } from "../../domain/member/cookies.ts";
import { isSignedIn } from "../../domain/member/permissions.ts";
import { applyToProgramme, canApplyTo } from "../../domain/programme/apply.ts";
import { liveApplication, waitingPosition } from "../../domain/programme/applications.ts";
import { feeState } from "../../domain/programme/fees.ts";
import type { ProgrammeKind } from "../../domain/programme/kinds.ts";
import { placeCounts, requireProgramme, titleOf } from "../../domain/programme/programmes.ts";
import { supportStatus } from "../../domain/programme/status.ts";
import { MAX_BODY_BYTES, readBody } from "../../domain/request.ts";
import { formatDate, formatMoney, hasMessage, type MessageKey } from "../../i18n/mod.ts";
import FormEnhancer from "../../islands/FormEnhancer.tsx";
import { define, href, type State } from "../../state.ts";
import { FormFields } from "../form/FormRenderer.tsx";
import { Alert } from "../ui/Alert.tsx";
import { Button } from "../ui/Button.tsx";
import { CsrfField } from "../ui/CsrfField.tsx";
import { RequiredNote } from "../ui/FormField.tsx";
import { FeeStatus, ProgrammeStyles, StatusBadge } from "./Labels.tsx";
import contentPage, { handler as contentHandler } from "../../routes/[...path].tsx";

export const BASE: Record<ProgrammeKind, string> = { support: "/support", program: "/program", course: "/education" };

interface ProgrammeView {
  kind: "programme";
  programme: ProgrammeRow;
  /** The notice files, in order. */
  files: { id: number; name: string; size: number }[];
  places: { holding: number; waiting: number } | null;
  tree: FormComponent[] | null;
  version: number | null;
  mine: ApplicationRow | null;
  position: number | null;
  values: Record<string, unknown>;
  errors: Record<string, string[]>;
  error?: string;
}
type View = ProgrammeView | { kind: "content"; data: unknown };

async function load(state: State, kind: ProgrammeKind, id: number, extra: Partial<ProgrammeView> = {}, status = 200) {
  const programme = await requireProgramme(state.db, id, kind);
  const form = programme.formId ? await requireForm(state.db, programme.formId).catch(() => null) : null;
  const places = kind === "course" ? (await placeCounts(state.db, [id])).get(id)! : null;
  const mine = await liveApplication(state.db, state.viewer, id);
  const position = mine?.status === "waiting" ? await waitingPosition(state.db, mine) : null;
  state.title = titleOf(programme, state.locale);
  state.layout = "sub";
  const held = await state.files.findMany(programme.fileIds);
  const files = programme.fileIds.map((fid) => held.find((f) => f.id === fid)).filter((f) => f !== undefined)
    .map((f) => ({ id: f.id, name: f.originalName, size: f.size }));
  const view: ProgrammeView = {
    kind: "programme",
    programme,
    files,
    places,
    tree: form?.version.components ?? null,
    version: form?.version.version ?? null,
    mine,
    position,
    values: {},
    errors: {},
    ...extra,
  };
  return page<View>(view, { status, headers: { "cache-control": "no-store" } });
}

const numeric = (raw: string | undefined) => (raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null);

/** GET shows the programme; POST applies with its form (multipart) and comes back with a message. */
export function programmeHandler(kind: ProgrammeKind) {
  return define.handlers<View>({
    async GET(ctx) {
      const id = numeric(ctx.params.id);
      if (id === null) {
        const content = await (contentHandler.GET!)(ctx);
        if (content instanceof Response) return content;
        return page<View>({ kind: "content", data: content.data }, {
          status: content.status,
          headers: content.headers,
        });
      }
      return load(ctx.state, kind, id);
    },
    async POST({ req, state, params, url }) {
      const id = numeric(params.id);
      if (id === null) throw new HttpError(404, "error.404");
      if (!isSignedIn(state.viewer)) throw new HttpError(401, "error.401");
      const programme = await requireProgramme(state.db, id, kind);
      let sent: Awaited<ReturnType<typeof readBody>> | undefined;
      try {
        sent = await readBody(req, MAX_BODY_BYTES);
        const row = await applyToProgramme(
          { db: state.db, files: state.files, config: state.config, viewer: state.viewer },
          programme,
          sent,
        );
        const res = redirect(href(state, url.pathname));
        const key = row.status === "waiting"
          ? "programme.apply.doneWaiting"
          : row.payDue
          ? "programme.apply.doneHeld"
          : "programme.apply.done";
        res.headers.append("set-cookie", flashCookie(key, state.https));
        return res;
      } catch (err) {
        if (!(err instanceof HttpError) || err.status === 401 || err.status >= 500) throw err;
        const fields = (err.details?.fields ?? {}) as Record<string, string[]>;
        const key = hasMessage(err.key) && err.key !== "error.validation" ? err.key : "programme.apply.fixErrors";
        return load(state, kind, id, {
          values: sent?.body ?? {},
          errors: fields,
          error: state.t(key as MessageKey),
        }, err.status);
      }
    },
  });
}

function dates(state: State, from: Date | null, to: Date | null): string {
  const f = (d: Date | null) => (d ? formatDate(d, state.locale) : "—");
  return `${f(from)} ~ ${f(to)}`;
}

function Details({ state, view }: { state: State; view: ProgrammeView }) {
  const { t, locale } = state;
  const p = view.programme;
  const pick = (ko: string, en: string) => (locale === "en" && en ? en : ko);
  const rows: [string, preact.ComponentChildren][] = [
    [t("programme.field.status"), <StatusBadge key="status" state={state} status={supportStatus(p)} />],
    [t("programme.field.category"), pick(p.category, p.categoryEn)],
    [t("programme.field.applyPeriod"), dates(state, p.applyFrom, p.applyTo)],
  ];
  if (p.kind !== "course") {
    rows.push([t("programme.field.businessPeriod"), dates(state, p.businessFrom, p.businessTo)]);
  }
  rows.push([
    t("programme.field.roles"),
    p.roles.length ? p.roles.map((r) => t(`programme.roles.${r}` as MessageKey)).join(", ") : t("programme.roles.any"),
  ]);
  if (p.kind === "course") {
    rows.push([t("programme.field.teacher"), pick(p.teacher, p.teacherEn)]);
    rows.push([t("programme.field.fee"), p.fee ? formatMoney(p.fee, locale) : t("programme.field.free")]);
    rows.push([t("programme.field.capacity"), p.capacity ? String(p.capacity) : t("programme.field.unlimited")]);
    if (p.capacity && view.places) {
      rows.push([t("programme.field.placesLeft"), String(Math.max(0, p.capacity - view.places.holding))]);
      rows.push([t("programme.field.waiting"), String(view.places.waiting)]);
    }
  }
  rows.push([t("programme.field.contact"), p.contact]);
  return (
    <dl class="detail-list programme-details">
      {rows.filter(([, v]) => v !== "").map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function ApplySection({ state, view, url }: { state: State; view: ProgrammeView; url: URL }) {
  const { t } = state;
  const p = view.programme;
  const status = supportStatus(p);
  if (view.mine) {
    const label = t(`programme.application.${view.mine.status}`);
    return (
      <Alert kind="info">
        {t("programme.apply.already", { status: label })}
        {view.position ? ` (${t("programme.education.waitingPosition", { position: view.position })})` : ""}{" "}
        <a href={href(state, "/mypage/supports")}>{t("mypage.section.supports")}</a>
        {view.mine.fee > 0 && (
          <>
            <br />
            {`${t("programme.pay.column")}: `}
            <FeeStatus state={state} application={{ ...view.mine, pay: feeState(view.mine) }} />
          </>
        )}
      </Alert>
    );
  }
  if (status !== "recruiting") return <Alert kind="info">{t("programme.apply.closed")}</Alert>;
  if (!view.tree || view.version === null) return <Alert kind="info">{t("programme.apply.noForm")}</Alert>;
  if (!isSignedIn(state.viewer)) {
    const login = `${href(state, "/login")}?redirect=${encodeURIComponent(href(state, url.pathname))}`;
    return (
      <Alert kind="info">
        {t("programme.apply.signIn")} <a href={login}>{t("programme.apply.signInLink")}</a>
      </Alert>
    );
  }
  if (!canApplyTo(state.viewer, p)) {
    const roles = p.roles.map((r) => t(`programme.roles.${r}` as MessageKey)).join(", ");
    return <Alert kind="info">{t("programme.apply.roleOnly", { roles })}</Alert>;
  }
  const full = p.kind === "course" && p.capacity > 0 && (view.places?.holding ?? 0) >= p.capacity;
  return (
    <form
      method="post"
      action={href(state, url.pathname)}
      enctype="multipart/form-data"
      class="form programme-form"
      novalidate={false}
    >
      <CsrfField state={state} />
      <input type="hidden" name="form_version" value={String(view.version)} />
      <FormEnhancer addRow={t("programme.form.addRow")} />
      {full && <Alert kind="warning">{t("programme.education.full")}</Alert>}
      {view.error && <Alert kind="error">{view.error}</Alert>}
      <RequiredNote t={t} />
      <FormFields
        tree={view.tree}
        ctx={{ t, locale: state.locale, values: view.values, errors: view.errors }}
      />
      <div class="form-actions">
        <Button type="submit">{t("programme.apply.submit")}</Button>
      </div>
    </form>
  );
}

export function ProgrammePage(
  { data, state, url, params }: { data: View; state: State; url: URL; params: Record<string, string> },
) {
  if (data.kind === "content") {
    const Content = contentPage!;
    return (
      <Content data={data.data as Parameters<typeof Content>[0]["data"]} state={state} url={url} params={params} />
    );
  }
  const { t, locale } = state;
  const p = data.programme;
  const pick = (ko: string, en: string) => (locale === "en" && en ? en : ko);
  return (
    <>
      <ProgrammeStyles state={state} />
      <p class="programme-kind">{t(`programme.kind.${p.kind}`)}</p>
      <p class="lead-text">{pick(p.summary, p.summaryEn)}</p>
      <Details state={state} view={data} />
      {pick(p.notice, p.noticeEn) && (
        <section aria-labelledby="programme-notice">
          <h2 id="programme-notice" class="section-title">{t("programme.field.notice")}</h2>
          <p class="programme-notice">{pick(p.notice, p.noticeEn)}</p>
        </section>
      )}
      {data.files.length > 0 && (
        <section aria-labelledby="programme-files">
          <h2 id="programme-files" class="section-title">{t("programme.field.files")}</h2>
          <ul class="programme-files">
            {data.files.map((f) => (
              <li key={f.id}>
                <a href={`/api/file/binary/${f.id}`} download>{f.name}</a>{" "}
                ({`${Math.max(1, Math.round(f.size / 1024))} KB`})
              </li>
            ))}
          </ul>
        </section>
      )}
      {p.kind === "course" && pick(p.teacherProfile, p.teacherProfileEn) && (
        <section aria-labelledby="programme-teacher">
          <h2 id="programme-teacher" class="section-title">{t("programme.education.teacherProfile")}</h2>
          <p>{pick(p.teacherProfile, p.teacherProfileEn)}</p>
          {p.sessions && (
            <>
              <h3 class="section-subtitle">{t("programme.field.sessions")}</h3>
              <ol class="programme-sessions">
                {p.sessions.split("\n").filter((s) => s.trim()).map((s, i) => <li key={i}>{s}</li>)}
              </ol>
            </>
          )}
        </section>
      )}
      <section aria-labelledby="programme-apply">
        <h2 id="programme-apply" class="section-title">{t("programme.apply.title")}</h2>
        <ApplySection state={state} view={data} url={url} />
      </section>
      <p class="actions">
        <a class="button button-secondary" href={href(state, BASE[p.kind])}>{t("programme.manage.back")}</a>
      </p>
    </>
  );
}

export const programmePage = define.page<ReturnType<typeof programmeHandler>>(ProgrammePage);
