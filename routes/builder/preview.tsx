// /builder/preview?page= (SPEC §2.1 "/builder (child: preview)"): the page as visitors will see it once
// published — the draft (or the published version when there is no draft) rendered by the same server
// renderer, in the page's layout and the visitor's language. Never cached; for those who build pages.
import { page } from "../../framework/define.ts";
import { PageTree } from "../../components/builder/PageTree.tsx";
import { Alert } from "../../components/ui/Alert.tsx";
import { requireBuilder } from "../../domain/builder/access.ts";
import { loadLiveData } from "../../domain/builder/live.ts";
import type { BuilderNode } from "../../domain/builder/tree.ts";
import { builderPage, workingTrees } from "../../domain/builder/versions.ts";
import { pageIdOf } from "../../domain/builder/web.ts";
import { localizePage } from "../../domain/site/present.ts";
import { define, href } from "../../state.ts";

export const handler = define.handlers({
  async GET({ state, url }) {
    await requireBuilder(state);
    const builder = await builderPage(state.db, pageIdOf(url.searchParams.get("page") ?? undefined));
    const trees = workingTrees(builder);
    const nodes = ((state.locale === "en" && trees.en) || trees.ko) as BuilderNode[];
    const view = localizePage(builder.page, state.locale);
    const live = await loadLiveData(state.db, builder.page.siteId, nodes, state.locale, {
      usdKrwRate: state.config.usdKrwRate,
    });
    state.layout = view.layout;
    state.title = state.t("builder.ui.previewTitle", { title: view.title });
    return page({ view, nodes, live });
  },
});

export default define.page<typeof handler>(({ data, state }) => (
  <>
    <Alert kind="info">{state.t("builder.ui.previewNote")}</Alert>
    {data.view.layout !== "sub" && <h1 class="page-title">{data.view.title}</h1>}
    <PageTree
      nodes={data.nodes}
      ctx={{
        t: state.t,
        locale: state.locale,
        link: (p) => href(state, p),
        live: data.live,
        staticUrl: state.staticFiles ? (p) => state.staticFiles!.url(p) : undefined,
      }}
    />
  </>
));
