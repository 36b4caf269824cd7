// /management/pool (SPEC §2.2): every judging pool — award, round, period, categories, judges and scores.
import { page } from "../../../framework/define.ts";
import { PoolList } from "../../../components/judging/pool.tsx";
import { listPools, type PoolSummary } from "../../../domain/judging/manage.ts";
import { define } from "../../../state.ts";

export const handler = define.handlers({
  async GET({ state }) {
    state.title = state.t("judging.manage.pools");
    return page<PoolSummary[]>(await listPools(state.db));
  },
});

export default define.page<typeof handler>(({ data, state }) => <PoolList state={state} pools={data} />);
