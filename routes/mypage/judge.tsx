// /mypage/judge (SPEC §2.5 my page: judge): the awards I judge, each pool's period and my progress.
import { page } from "../../framework/define.ts";
import { MyJudgePage } from "../../components/judging/mypage.tsx";
import { type MyJudging, myJudging } from "../../domain/judging/calls.ts";
import { requireSignedIn } from "../../domain/member/guard.ts";
import { define, type RouteConfig } from "../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

export const handler = define.handlers({
  async GET({ state }) {
    requireSignedIn(state.viewer);
    state.layout = "authenticated";
    state.title = state.t("mypage.section.judge");
    return page<MyJudging[]>(await myJudging(state.db, state.viewer), { headers: { "cache-control": "no-store" } });
  },
});

export default define.page<typeof handler>(({ data, state }) => <MyJudgePage state={state} data={data} />);
