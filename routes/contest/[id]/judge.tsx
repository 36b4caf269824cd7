// /contest/{id}/judge (issue 12 §6): the host's screen of their own contest. While entries are open: the
// extension (at most 2, 15 days, under 5 entries). After close_at: the entries, a comment on each, the winners
// for the prize places and other ranks. Always: the council's counselling (an opinion of at least 50
// characters) and the settlement statement. Another member's contest is no contest (404). Plain forms,
// post/redirect/get with a flash message; a refusal shows the screen again with its message and status.
import { page, redirect } from "../../../framework/define.ts";
import { HttpError } from "../../../framework/errors.ts";
import { ContestAdminSections } from "../../../components/management/contest/ContestAdmin.tsx";
import { CounselForm, JudgeForms } from "../../../components/contest/JudgeForms.tsx";
import { Alert } from "../../../components/ui/Alert.tsx";
import { PageHeader } from "../../../components/ui/PageHeader.tsx";
import { IdParam } from "../../../domain/award/queries.ts";
import { type ContestAdminView, contestAdminView } from "../../../domain/contest/admin-view.ts";
import {
  commentEntry,
  extendContest,
  hostedContest,
  pickWinner,
  requestCounsel,
} from "../../../domain/contest/judging.ts";
import { CommentInput, CounselInput, WinnerInput } from "../../../domain/contest/schema.ts";
import { errorMessage } from "../../../domain/errors.ts";
import { flashCookie } from "../../../domain/member/cookies.ts";
import { requireSignedIn } from "../../../domain/member/guard.ts";
import { readBody } from "../../../domain/request.ts";
import { parseOrThrow } from "../../../domain/validation.ts";
import { z } from "zod";
import { define, href, type RouteConfig, type State } from "../../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

type JudgePage = ContestAdminView & { error?: string; errorField?: string };

const EntryRef = z.object({ entry_id: z.coerce.number().int().min(1).max(2_147_483_647) });

async function render(state: State, id: number, failure?: { status: number; message: string; field?: string }) {
  await hostedContest(state.db, state.viewer, id);
  const view = await contestAdminView(state.db, id, new Date());
  state.layout = "default";
  state.title = view.contest.title;
  return page<JudgePage>({ ...view, error: failure?.message, errorField: failure?.field }, {
    status: failure?.status ?? 200,
    headers: { "cache-control": "no-store" },
  });
}

export const handler = define.handlers({
  GET({ state, params }) {
    requireSignedIn(state.viewer);
    return render(state, parseOrThrow(IdParam, params, 400).id);
  },
  async POST({ req, state, params }) {
    requireSignedIn(state.viewer);
    const { id } = parseOrThrow(IdParam, params, 400);
    const { body } = await readBody(req, 64 * 1024);
    const now = new Date();
    let flash = "";
    try {
      await hostedContest(state.db, state.viewer, id);
      if (body._action === "extend") {
        await extendContest(state.db, state.viewer, id, now);
        flash = "contest.hosting.extended";
      } else if (body._action === "comment") {
        const { entry_id } = parseOrThrow(EntryRef, body);
        const { comment } = parseOrThrow(CommentInput, body);
        await commentEntry(state.db, state.viewer, id, entry_id, comment, now);
        flash = "contest.hosting.saveComment";
      } else if (body._action === "pick") {
        await pickWinner(state.db, state.viewer, id, parseOrThrow(WinnerInput, body), now);
        flash = "contest.hosting.picked";
      } else if (body._action === "counsel") {
        const { opinion } = parseOrThrow(CounselInput, body);
        await requestCounsel(state.db, state.viewer, id, opinion);
        flash = "contest.hosting.counselSent";
      } else throw new HttpError(400, "error.400");
    } catch (err) {
      if (!(err instanceof HttpError) || err.status >= 500 || err.status === 404 || err.status === 401) throw err;
      const fields = err.details?.fields as Record<string, string[]> | undefined;
      const [field, keys] = fields ? Object.entries(fields)[0] ?? [] : [];
      const key = keys?.[0] ?? err.key;
      return render(state, id, { status: err.status, message: errorMessage(key, err.status, state.t), field });
    }
    const res = redirect(href(state, `/contest/${id}/judge`));
    res.headers.append("set-cookie", flashCookie(flash, state.https));
    return res;
  },
});

export default define.page<typeof handler>(({ data, state }) => (
  <>
    <PageHeader
      t={state.t}
      title={data.contest.title}
      eyebrow={state.t("contest.hosting.judge")}
      crumbs={[
        { label: state.t("contest.title"), href: href(state, "/contest") },
        { label: state.t("contest.hosting.judge") },
      ]}
    />
    {data.error && <Alert kind="error">{data.error}</Alert>}
    <JudgeForms state={state} view={data} />
    <ContestAdminSections
      state={state}
      view={data}
      admin={false}
      counselForm={data.contest.approval === "approved" && <CounselForm state={state} />}
    />
  </>
));
