// /management/share/{type}/{id} (SPEC §2.2 share {type?}/{id}): one share as the council sees it — every
// field, inactive ones included, its applications — with the owner's moves (publish, pause, start, end) and
// the decisions on applications, which administrators may take too (canManageShare); the forms post to the
// share's own page, where the same rules (the approved number under the row's lock) apply. No script.
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { shares } from "../../../../db/schema/job.ts";
import { HttpError } from "../../../../framework/errors.ts";
import { canManageShare } from "../../../../domain/member/permissions.ts";
import { page } from "../../../../framework/define.ts";
import { ManageHeader } from "../../../../components/management/Frame.tsx";
import { ShareApplicationTable } from "../../../../components/job/share-applications.tsx";
import { codeLabel, day, Facts } from "../../../../components/job/views.tsx";
import { CsrfField } from "../../../../components/ui/CsrfField.tsx";
import type { Paginated } from "../../../../domain/common/list.ts";
import { SHARE_TYPES } from "../../../../domain/job/options.ts";
import { type ShareApplicationJson, shareApplicationsOf } from "../../../../domain/share/applications.ts";
import { type ShareDetail, shareDetail } from "../../../../domain/share/shares.ts";
import { parseOrThrow } from "../../../../domain/validation.ts";
import { define, href, type RouteConfig } from "../../../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

const Params = z.object({ type: z.enum(SHARE_TYPES), id: z.coerce.number().int().min(1).max(2_147_483_647) });

interface ManagedSharePage {
  decides: boolean;
  share: ShareDetail;
  applications: Paginated<ShareApplicationJson>;
}

export const handler = define.handlers({
  async GET({ state, params }) {
    const { type, id } = parseOrThrow(Params, params, 400);
    // The management reads every share, inactive ones too (its guard let the viewer in).
    const [row] = await state.db.select().from(shares).where(and(eq(shares.id, id), eq(shares.type, type)));
    if (!row) throw new HttpError(404, "job.share.not_found");
    const share = await shareDetail(state.db, state.viewer, row, state.locale);
    const applications = await shareApplicationsOf(
      state.db,
      state.viewer,
      { shareId: id },
      1,
      100,
      state.locale,
      String,
    );
    state.title = share.talent;
    return page<ManagedSharePage>({ share, applications, decides: canManageShare(state.viewer, row) });
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const t = state.t;
  const s = data.share;
  const action = href(state, `/share/${s.type}/${s.id}`);
  return (
    <>
      <ManageHeader
        state={state}
        title={s.talent}
        trail={[
          { label: t("job.share.manage.title") },
          {
            label: t(s.type === "donate" ? "job.share.donateTitle" : "job.share.requestTitle"),
            href: href(state, `/management/share/${s.type}`),
          },
        ]}
      />
      <Facts
        rows={[
          [t("job.share.labels.type"), t(`job.share.type.${s.type}`)],
          [t("job.share.labels.status"), t(`job.share.status.${s.status}`)],
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
      {s.actions.length > 0 && (
        <form method="post" action={action} class="actions">
          <CsrfField state={state} />
          <input type="hidden" name="_action" value="status" />
          {s.actions.map((a) => (
            <button key={a} type="submit" class="button button-secondary" name="action" value={a}>
              {t(`job.share.actions.${a}`)}
            </button>
          ))}
        </form>
      )}
      <h2>{t("job.share.detail.applications")}</h2>
      <ShareApplicationTable state={state} list={data.applications} action={action} decide={data.decides} />
    </>
  );
});
