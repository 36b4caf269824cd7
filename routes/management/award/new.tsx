// /management/{award,ibda}/new: create an award of the family; a refusal re-renders the form with what
// was typed and each field's message.
import { page, redirect } from "../../../framework/define.ts";
import { ManageHeader } from "../../../components/management/Frame.tsx";
import { AwardForm, type FormValues } from "../../../components/management/award/AwardForm.tsx";
import { AwardTabs, familyBase } from "../../../components/management/award/AwardNav.tsx";
import { refusalView } from "../../../components/management/award/refusal.ts";
import { Alert } from "../../../components/ui/Alert.tsx";
import { runCreateAward } from "../../../domain/award/manage-actions.ts";
import { AWARD_FORM_LIMIT, awardFormValues, familyOfManagementPath } from "../../../domain/award/manage-awards.ts";
import type { AwardFamily } from "../../../domain/award/options.ts";
import { flashCookie } from "../../../domain/member/cookies.ts";
import { readBody } from "../../../domain/request.ts";
import { define, href, type State } from "../../../state.ts";

interface NewAward {
  family: AwardFamily;
  values: FormValues;
  errors: Record<string, string>;
  error?: string;
}

function render(state: State, family: AwardFamily, values: FormValues, status = 200, error?: string, errors = {}) {
  state.title = state.t("awardAdmin.newTitle");
  return page<NewAward>({ family, values, errors, error }, { status });
}

export const handler = define.handlers({
  GET({ state, url }) {
    return render(state, familyOfManagementPath(url.pathname), awardFormValues(null));
  },
  async POST({ req, state, url }) {
    const family = familyOfManagementPath(url.pathname);
    let values: FormValues = {};
    try {
      const sent = await readBody(req, AWARD_FORM_LIMIT);
      values = sent.body;
      const done = await runCreateAward({ db: state.db, files: state.files, viewer: state.viewer }, family, sent);
      state.sites.clear();
      const res = redirect(href(state, `${familyBase(family)}/${done.awardId}`));
      res.headers.append("set-cookie", flashCookie(done.flash, state.https));
      return res;
    } catch (err) {
      const view = refusalView(err, state.t);
      return render(state, family, values, view.status, view.message, view.fields);
    }
  },
});

export default define.page<typeof handler>(({ data, state, url }) => {
  const { t } = state;
  const base = familyBase(data.family);
  return (
    <>
      <ManageHeader
        state={state}
        title={t("awardAdmin.newTitle")}
        trail={[{ label: t(`awardAdmin.title.${data.family}`), href: href(state, base) }]}
      />
      <AwardTabs state={state} family={data.family} current="awards" />
      {data.error && <Alert kind="error">{data.error}</Alert>}
      <AwardForm
        state={state}
        action={href(state, url.pathname)}
        values={data.values}
        errors={data.errors}
        award={null}
        entryCount={0}
        submitLabel={t("awardAdmin.create")}
      />
    </>
  );
});
