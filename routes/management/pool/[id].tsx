// /management/pool/{id} (SPEC §2.2, issue 11 part 5): one pool's period and categories, its assigned judges
// with their progress and a reminder mail to those behind, and its round's criteria. Each form posts here
// with its `action` and comes back with a flash; a refusal is shown on the screen.
import { z } from "zod";
import { page, redirect } from "../../../framework/define.ts";
import { HttpError } from "../../../framework/errors.ts";
import { PoolPage, type PoolPageData } from "../../../components/judging/pool.tsx";
import { refusalView } from "../../../components/management/award/refusal.ts";
import {
  addCriterion,
  assignJudges,
  assignmentFrom,
  CriterionInput,
  PeriodInput,
  poolDetail,
  remindJudges,
  removeCriterion,
  updatePool,
} from "../../../domain/judging/manage.ts";
import { flashCookie } from "../../../domain/member/cookies.ts";
import { readBody } from "../../../domain/request.ts";
import { parseOrThrow } from "../../../domain/validation.ts";
import { define, href, type State } from "../../../state.ts";

const IdParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

async function load(state: State, id: number, extra: Partial<PoolPageData> = {}, status = 200) {
  const detail = await poolDetail(state.db, id);
  state.title = `${detail.award.title} · ${state.t(`judging.round.${detail.pool.kind}`)}`;
  return page<PoolPageData>({ detail, ...extra }, { status });
}

export const handler = define.handlers({
  GET({ state, params }) {
    return load(state, parseOrThrow(IdParam, params, 400).id);
  },
  async POST({ req, state, params }) {
    const { id } = parseOrThrow(IdParam, params, 400);
    const { body } = await readBody(req, 256 * 1024);
    try {
      let done = "judging.manage.saved";
      switch (body.action) {
        case "period":
          await updatePool(state.db, id, parseOrThrow(PeriodInput, body));
          break;
        case "assign":
          await assignJudges(state.db, id, assignmentFrom(body));
          break;
        case "remind":
          await remindJudges(state.db, state.config, id);
          done = "judging.manage.reminderSent";
          break;
        case "criterion_add":
          await addCriterion(state.db, id, parseOrThrow(CriterionInput, body));
          break;
        case "criterion_remove":
          await removeCriterion(
            state.db,
            id,
            parseOrThrow(z.coerce.number().int().min(1).max(2_147_483_647), body.criterion),
          );
          break;
        default:
          throw new HttpError(400, "error.400");
      }
      const res = redirect(href(state, `/management/pool/${id}`));
      res.headers.append("set-cookie", flashCookie(done, state.https));
      return res;
    } catch (err) {
      if (err instanceof z.ZodError) throw new HttpError(422, "error.validation");
      const view = refusalView(err, state.t);
      return load(state, id, { error: view.message, fields: view.fields }, view.status);
    }
  },
});

export default define.page<typeof handler>(({ data, state }) => <PoolPage state={state} data={data} />);
