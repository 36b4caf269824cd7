// /mypage/prizes (SPEC §2.5 my page: prizes): my ranked and nominated entries whose results are out, with
// the certificate of each prize to print or download.
import { page } from "../../framework/define.ts";
import { MyPrizesPage } from "../../components/judging/mypage.tsx";
import { type MyResult, myResults } from "../../domain/judging/calls.ts";
import { requireSignedIn } from "../../domain/member/guard.ts";
import { define, type RouteConfig } from "../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

export const handler = define.handlers({
  async GET({ state }) {
    requireSignedIn(state.viewer);
    state.layout = "authenticated";
    state.title = state.t("mypage.section.prizes");
    return page<MyResult[]>(await myResults(state.db, state.viewer, true), {
      headers: { "cache-control": "no-store" },
    });
  },
});

export default define.page<typeof handler>(({ data, state }) => <MyPrizesPage state={state} data={data} />);
