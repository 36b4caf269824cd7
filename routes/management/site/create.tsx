// /management/site/create (SPEC §2.2): a new sub-site — name, title, description, keywords, share image,
// locale, home page, payment module — with its primary host name pointed at it.
import { page } from "../../../framework/define.ts";
import { ManageHeader } from "../../../components/management/Frame.tsx";
import { SiteForm, type SiteValues } from "../../../components/builder/manage.tsx";
import { createSite, SiteInput } from "../../../domain/builder/sites.ts";
import { formAction, type FormProblem } from "../../../domain/builder/web.ts";
import { parseOrThrow } from "../../../domain/validation.ts";
import { define, href, type State } from "../../../state.ts";

function screen(state: State, values: SiteValues, problem?: FormProblem, status = 200) {
  state.title = state.t("builder.manage.createTitle");
  return Promise.resolve(page({ values, problem }, { status }));
}

export const handler = define.handlers({
  GET: ({ state }) => screen(state, { locale: "ko", home_url: "/", pay_module: "test" }),
  async POST({ state, req }) {
    const raw = req.clone();
    return await formAction(
      state,
      req,
      async (body, tx) => {
        const site = await createSite(tx, parseOrThrow(SiteInput, body));
        return href(state, `/management/site/${site.id}`);
      },
      async (problem, status) => {
        const values = Object.fromEntries(await raw.formData().then((f) => [...f.entries()]).catch(() => []));
        return await screen(state, values as SiteValues, problem, status);
      },
    );
  },
});

export default define.page<typeof handler>(({ data, state }) => (
  <>
    <ManageHeader
      state={state}
      title={state.t("builder.manage.createTitle")}
      trail={[{ label: state.t("builder.manage.sitesTitle"), href: href(state, "/management/site") }]}
    />
    <SiteForm
      state={state}
      action={href(state, "/management/site/create")}
      values={data.values}
      problem={data.problem}
      submit={state.t("builder.manage.create")}
    />
  </>
));
