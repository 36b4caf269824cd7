// /share/{type}/{id} (SPEC §3 Share): one donation or request — the talent, period, how often, for whom,
// where, photos and places. A member who is not the owner applies while it is open; the owner (and
// administrators) publish, pause, start (a request) or end it, and accept applications up to the approved
// number (never more, also with two accepts at once) or decline them. Every action is a plain form (POST
// here, `_action` apply | status | accept | decline); a script's call (Accept: application/json) gets JSON.
import { z } from "zod";
import { page } from "../../../framework/define.ts";
import { codeLabel, day, Facts, JobStyles } from "../../../components/job/views.tsx";
import { ShareApplicationTable } from "../../../components/job/share-applications.tsx";
import { Alert } from "../../../components/ui/Alert.tsx";
import { CsrfField } from "../../../components/ui/CsrfField.tsx";
import { Textarea, TextField } from "../../../components/ui/FormField.tsx";
import { PageHeader } from "../../../components/ui/PageHeader.tsx";
import type { Paginated } from "../../../domain/common/list.ts";
import { SHARE_TYPES } from "../../../domain/job/options.ts";
import { ShareApplyBody } from "../../../domain/job/schema.ts";
import { doneAnswer, formProblem, jsonRefusal } from "../../../domain/job/web.ts";
import { canApplyToShare, canManageShare, isSignedIn } from "../../../domain/member/permissions.ts";
import { readBody } from "../../../domain/request.ts";
import {
  applyToShare,
  decideShareApplication,
  type ShareApplicationJson,
  shareApplicationOf,
  shareApplicationsOf,
} from "../../../domain/share/applications.ts";
import { changeShareStatus, type ShareDetail, shareDetail, visibleShare } from "../../../domain/share/shares.ts";
import { isOpenShare, SHARE_ACTIONS } from "../../../domain/share/status.ts";
import { parseOrThrow } from "../../../domain/validation.ts";
import type { MessageKey } from "../../../i18n/mod.ts";
import { define, href, type RouteConfig, type State } from "../../../state.ts";

export const config: RouteConfig = { access: { GET: "public", POST: "signed-in" } };

const Params = z.object({
  type: z.enum(SHARE_TYPES),
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});

const Action = z.discriminatedUnion("_action", [
  z.object({ _action: z.literal("apply") }),
  z.object({ _action: z.literal("status"), action: z.enum(SHARE_ACTIONS) }),
  z.object({ _action: z.enum(["accept", "decline"]), application: z.coerce.number().int().min(1).max(2_147_483_647) }),
]);

interface SharePage {
  share: ShareDetail;
  manages: boolean;
  canApply: boolean;
  mine: { status: string } | null;
  applications: Paginated<ShareApplicationJson> | null;
  problem?: { status: number; message: string };
}

async function load(state: State, type: "donate" | "request", id: number): Promise<SharePage> {
  const row = await visibleShare(state.db, state.viewer, type, id);
  const manages = canManageShare(state.viewer, row);
  const mine = await shareApplicationOf(state.db, state.viewer, id);
  return {
    share: await shareDetail(state.db, state.viewer, row, state.locale),
    manages,
    canApply: canApplyToShare(state.viewer, row) && isOpenShare(type, row.status),
    mine: mine && mine.status !== "cancelled" ? { status: mine.status } : null,
    applications: manages
      ? await shareApplicationsOf(state.db, state.viewer, { shareId: id }, 1, 100, state.locale, String)
      : null,
  };
}

export const handler = define.handlers({
  async GET({ state, params }) {
    const { type, id } = parseOrThrow(Params, params, 400);
    const data = await load(state, type, id);
    state.layout = "default";
    state.title = data.share.talent;
    state.cacheable = !isSignedIn(state.viewer);
    return page<SharePage>(data);
  },

  async POST({ req, state, params }) {
    const { type, id } = parseOrThrow(Params, params, 400);
    const { body, isForm } = await readBody(req, 64 * 1024);
    const self = href(state, `/share/${type}/${id}`);
    try {
      const action = parseOrThrow(Action, body);
      if (action._action === "apply") {
        const input = parseOrThrow(ShareApplyBody, body);
        const row = await applyToShare(state.db, state.config, state.viewer, type, id, input);
        return doneAnswer(state, isForm, self, "job.share.detail.applied", { id: row.id, status: row.status });
      }
      if (action._action === "status") {
        const row = await changeShareStatus(state.db, state.viewer, type, id, action.action);
        return doneAnswer(state, isForm, self, "job.share.detail.changed", { id: row.id, status: row.status });
      }
      const row = await decideShareApplication(
        state.db,
        state.config,
        state.viewer,
        type,
        id,
        action.application,
        action._action,
      );
      return doneAnswer(state, isForm, self, "job.share.detail.decided", { id: row.id, status: row.status });
    } catch (err) {
      if (!isForm) return jsonRefusal(state, err);
      const problem = formProblem(state, err);
      const data = { ...(await load(state, type, id)), problem };
      state.layout = "default";
      state.title = data.share.talent;
      return page<SharePage>(data, { status: problem.status, headers: { "cache-control": "no-store" } });
    }
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const t = state.t;
  const s = data.share;
  const self = href(state, `/share/${s.type}/${s.id}`);
  const k = (key: string) => t(key as MessageKey);
  return (
    <>
      <JobStyles state={state} />
      <PageHeader
        t={t}
        title={s.talent}
        eyebrow={`${t(`job.share.type.${s.type}`)} · ${t(`job.share.status.${s.status}`)}`}
        crumbs={[
          {
            label: t(s.type === "donate" ? "job.share.donateTitle" : "job.share.requestTitle"),
            href: href(state, `/share/${s.type}`),
          },
          { label: s.talent },
        ]}
      />
      {data.problem && <Alert kind="error">{data.problem.message}</Alert>}
      {state.flash && <Alert kind="success">{k(state.flash)}</Alert>}
      <Facts
        rows={[
          [t("job.share.labels.owner"), s.owner],
          [t("job.share.labels.field"), codeLabel(t, "occupation", s.field)],
          [t("job.share.labels.period"), `${day(state, s.period_from)} – ${day(state, s.period_to)}`],
          [t("job.share.labels.times"), s.times],
          [t("job.share.labels.target"), s.target],
          [t("job.share.labels.institution"), s.institution],
          [t("job.share.labels.region"), codeLabel(t, "region", s.region)],
          [t("job.share.labels.approvedNumber"), `${s.accepted_count} / ${s.approved_number}`],
        ]}
      />
      <p class="pre-line">{s.description}</p>
      {s.images.length > 0 && (
        <ul class="share-images">
          {s.images.map((src, i) => (
            <li key={src}>
              <img src={src} alt={`${s.talent} ${i + 1}`} loading="lazy" width="320" />
            </li>
          ))}
        </ul>
      )}
      {data.mine && <p>{t("job.share.detail.yours", { status: k(`job.applicationStatus.${data.mine.status}`) })}</p>}
      {!isSignedIn(state.viewer) && isOpenShare(s.type, s.status) && (
        <p>
          <a href={href(state, `/login?redirect=${encodeURIComponent(self)}`)}>{t("job.share.detail.signIn")}</a>
        </p>
      )}
      {data.canApply && !data.mine && (
        <section aria-labelledby="share-apply">
          <h2 id="share-apply">
            {t(s.type === "donate" ? "job.share.detail.applyDonate" : "job.share.detail.applyRequest")}
          </h2>
          <form method="post" action={self} class="stack">
            <CsrfField state={state} />
            <input type="hidden" name="_action" value="apply" />
            <Textarea name="message" label={t("job.share.labels.message")} rows={3} maxLength={2000} />
            <TextField name="contact" label={t("job.share.labels.contact")} maxLength={200} />
            <button type="submit" class="button button-primary">{t("job.share.detail.apply")}</button>
          </form>
        </section>
      )}
      {data.manages && (
        <section aria-labelledby="share-manage">
          <h2 id="share-manage">{t("job.share.detail.applications")}</h2>
          {s.actions.length > 0 && (
            <form method="post" action={self} class="actions">
              <CsrfField state={state} />
              <input type="hidden" name="_action" value="status" />
              {s.actions.map((a) => (
                <button key={a} type="submit" class="button button-secondary" name="action" value={a}>
                  {t(`job.share.actions.${a}`)}
                </button>
              ))}
            </form>
          )}
          {data.applications && <ShareApplicationTable state={state} list={data.applications} action={self} decide />}
        </section>
      )}
    </>
  );
});
