// /management/{award,ibda}/{id}: edit an award (with entries its year and categories stay as they are),
// its public judges, or delete it when it has no entries. Post/redirect/get with a flash message; a
// refusal re-renders the screen with what was typed.
import { page, redirect } from "../../../framework/define.ts";
import { HttpError } from "../../../framework/errors.ts";
import { ManageHeader } from "../../../components/management/Frame.tsx";
import { AwardForm, type FormValues } from "../../../components/management/award/AwardForm.tsx";
import { DeleteAward, JudgesSection } from "../../../components/management/award/AwardExtras.tsx";
import { AwardTabs, familyBase } from "../../../components/management/award/AwardNav.tsx";
import { refusalView } from "../../../components/management/award/refusal.ts";
import { Alert } from "../../../components/ui/Alert.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { runEditAward } from "../../../domain/award/manage-actions.ts";
import {
  AWARD_FORM_LIMIT,
  type AwardDetail,
  awardFormValues,
  familyOfManagementPath,
  managedAward,
} from "../../../domain/award/manage-awards.ts";
import type { AwardFamily } from "../../../domain/award/options.ts";
import { flashCookie } from "../../../domain/member/cookies.ts";
import { readBody } from "../../../domain/request.ts";
import { define, href, type State } from "../../../state.ts";

interface EditAward {
  family: AwardFamily;
  detail: AwardDetail;
  values: FormValues;
  errors: Record<string, string>;
  /** Which form the refusal belongs to. */
  failed?: string;
  error?: string;
}

const idOf = (raw: string) => (/^\d{1,9}$/.test(raw) ? Number(raw) : NaN);

async function render(
  state: State,
  url: URL,
  rawId: string,
  failure?: { status: number; message: string; fields: Record<string, string>; values: FormValues; action: string },
) {
  const family = familyOfManagementPath(url.pathname);
  const detail = await managedAward(state.db, family, idOf(rawId));
  state.title = state.t("awardAdmin.editTitle", { title: detail.award.title });
  const saving = failure?.action === "save";
  const values = saving ? failure.values : awardFormValues(detail.award, detail.pools);
  return page<EditAward>({
    family,
    detail,
    values,
    errors: failure?.fields ?? {},
    failed: failure?.action,
    error: failure?.message,
  }, { status: failure?.status ?? 200 });
}

export const handler = define.handlers({
  GET({ state, url, params }) {
    return render(state, url, params.id);
  },
  async POST({ req, state, url, params }) {
    const family = familyOfManagementPath(url.pathname);
    let values: FormValues = {};
    try {
      const sent = await readBody(req, AWARD_FORM_LIMIT);
      values = sent.body;
      const deps = { db: state.db, files: state.files, viewer: state.viewer };
      const done = await runEditAward(deps, family, idOf(params.id), sent);
      state.sites.clear();
      const base = familyBase(family);
      const res = redirect(href(state, done.awardId ? `${base}/${done.awardId}` : base));
      res.headers.append("set-cookie", flashCookie(done.flash, state.https));
      return res;
    } catch (err) {
      if (err instanceof HttpError && err.key === "award.not_found") throw err;
      const view = refusalView(err, state.t);
      const action = typeof values.action === "string" ? values.action : "save";
      return render(state, url, params.id, { ...view, values, action });
    }
  },
});

export default define.page<typeof handler>(({ data, state, url }) => {
  const { t } = state;
  const { award, judges, entryCount } = data.detail;
  const base = familyBase(data.family);
  const action = href(state, url.pathname);
  const title = state.locale === "en" && award.titleEn ? award.titleEn : award.title;
  return (
    <>
      <ManageHeader
        state={state}
        title={t("awardAdmin.editTitle", { title })}
        trail={[{ label: t(`awardAdmin.title.${data.family}`), href: href(state, base) }]}
        actions={
          <Button href={href(state, `${base}/entries?year=${award.year}`)} variant="secondary">
            {t("awardAdmin.entries.title", { award: String(award.year) })}
          </Button>
        }
      />
      <AwardTabs state={state} family={data.family} current="awards" />
      {data.error && <Alert kind="error">{data.error}</Alert>}
      <AwardForm
        state={state}
        action={action}
        values={data.values}
        errors={data.failed === "save" ? data.errors : {}}
        award={award}
        entryCount={entryCount}
        submitLabel={t("awardAdmin.save")}
      />
      <JudgesSection
        state={state}
        action={action}
        judges={judges}
        errors={data.failed === "judge_add" ? data.errors : {}}
      />
      <DeleteAward state={state} action={action} entryCount={entryCount} />
    </>
  );
});
