// /management/contest/{id} (SPEC §2.2, issue 12 §7): one contest — its brief and schedule, the council's
// decision (approve, or reject with a reason), its entries and winners, the host's counselling requests with
// the staff's answers, and the settlement (statement, refund and payouts, exactly once). Post/redirect/get
// with a flash message; a refusal shows the screen again with its message and status.
import { z } from "zod";
import { page, redirect } from "../../../framework/define.ts";
import { HttpError } from "../../../framework/errors.ts";
import { ManageHeader } from "../../../components/management/Frame.tsx";
import { ContestAdminSections } from "../../../components/management/contest/ContestAdmin.tsx";
import { ContestEditForm } from "../../../components/management/contest/ContestEditForm.tsx";
import { Alert } from "../../../components/ui/Alert.tsx";
import { IdParam } from "../../../domain/award/queries.ts";
import { type ContestAdminView, contestAdminView } from "../../../domain/contest/admin-view.ts";
import { answerCounsel, decideContest, editContest } from "../../../domain/contest/manage.ts";
import { markPayoutPaid, publishResults, settleContest } from "../../../domain/contest/settlement.ts";
import { DecisionInput, EditInput } from "../../../domain/contest/schema.ts";
import { errorMessage } from "../../../domain/errors.ts";
import { flashCookie } from "../../../domain/member/cookies.ts";
import { readBody } from "../../../domain/request.ts";
import { parseOrThrow } from "../../../domain/validation.ts";
import { define, href, type RouteConfig, type State } from "../../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

type AdminPage = ContestAdminView & { error?: string };

const AnswerInput = z.object({
  counsel_id: z.coerce.number().int().min(1).max(2_147_483_647),
  answer: z.string().trim().min(1, "contest.comment_empty").max(5000),
});

const PayoutRef = z.object({ payout_id: z.coerce.number().int().min(1).max(2_147_483_647) });

async function render(state: State, id: number, failure?: { status: number; message: string }) {
  const view = await contestAdminView(state.db, id, new Date());
  state.title = view.contest.title;
  return page<AdminPage>({ ...view, error: failure?.message }, { status: failure?.status ?? 200 });
}

export const handler = define.handlers({
  GET({ state, params }) {
    return render(state, parseOrThrow(IdParam, params, 400).id);
  },
  async POST({ req, state, params }) {
    const { id } = parseOrThrow(IdParam, params, 400);
    const { body } = await readBody(req, 64 * 1024);
    const mail = state.config;
    let flash = "";
    try {
      if (body._action === "approve" || body._action === "reject") {
        const decision = parseOrThrow(DecisionInput, { action: body._action, reason: body.reason });
        await decideContest(state.db, mail, state.viewer, id, decision);
        flash = decision.action === "approve" ? "contest.manage.approved" : "contest.manage.rejected";
      } else if (body._action === "edit") {
        await editContest(state.db, state.viewer, id, parseOrThrow(EditInput, body));
        flash = "contest.manage.edited";
      } else if (body._action === "answer") {
        const input = parseOrThrow(AnswerInput, body);
        await answerCounsel(state.db, mail, state.viewer, input.counsel_id, input.answer);
        flash = "contest.manage.answered";
      } else if (body._action === "publish") {
        await publishResults(state.db, mail, state.viewer, id, new Date());
        flash = "contest.manage.published";
      } else if (body._action === "payout") {
        const { payout_id } = parseOrThrow(PayoutRef, body);
        await markPayoutPaid(state.db, state.viewer, id, payout_id, new Date());
        flash = "contest.statement.payoutPaid";
      } else if (body._action === "settle") {
        await settleContest(state, state.viewer, id, new Date());
        flash = "contest.statement.settled";
      } else throw new HttpError(400, "error.400");
    } catch (err) {
      if (!(err instanceof HttpError) || err.status >= 500 || err.status === 404) throw err;
      const fields = err.details?.fields as Record<string, string[]> | undefined;
      const key = fields ? Object.values(fields)[0]?.[0] ?? err.key : err.key;
      return render(state, id, { status: err.status, message: errorMessage(key, err.status, state.t) });
    }
    const res = redirect(href(state, `/management/contest/${id}`));
    res.headers.append("set-cookie", flashCookie(flash, state.https));
    return res;
  },
});

export default define.page<typeof handler>(({ data, state }) => (
  <>
    <ManageHeader
      state={state}
      title={data.contest.title}
      trail={[{ label: state.t("contest.manage.title"), href: href(state, "/management/contest") }]}
    />
    {data.error && <Alert kind="error">{data.error}</Alert>}
    <ContestAdminSections state={state} view={data} admin />
    <ContestEditForm state={state} contest={data.contest} />
  </>
));
