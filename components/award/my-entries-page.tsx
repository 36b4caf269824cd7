// /mypage/awards and /mypage/ibda: one handler and page for both families.
import { z } from "zod";
import { page, redirect } from "../../framework/define.ts";
import { cancelEntry } from "../../domain/award/entries.ts";
import { myEntries, type MyEntry } from "../../domain/award/my-entries.ts";
import type { AwardFamily } from "../../domain/award/options.ts";
import { flashCookie } from "../../domain/member/cookies.ts";
import { requireSignedIn } from "../../domain/member/guard.ts";
import type { Paginated } from "../../domain/member/management.ts";
import { formRefusal } from "../../domain/errors.ts";
import { readBody } from "../../domain/request.ts";
import { define, href, type State } from "../../state.ts";
import { MemberStyles } from "../management/Frame.tsx";
import { Alert } from "../ui/Alert.tsx";
import { pageHref } from "../ui/Pagination.tsx";
import { MyEntries } from "./MyEntries.tsx";

const PageNumber = z.coerce.number().int().min(1).max(1_000_000).catch(1);
const CancelBody = z.object({ cancel: z.coerce.number().int().positive().max(2_147_483_647) });

interface MyEntriesPage {
  list: Paginated<MyEntry>;
  error?: string;
}

const sectionOf = (family: AwardFamily) => (family === "ibda" ? "ibda" : "awards");

async function load(state: State, url: URL, family: AwardFamily, error?: string, status = 200) {
  state.layout = "authenticated";
  state.title = state.t(`mypage.section.${sectionOf(family)}`);
  const base = href(state, `/mypage/${sectionOf(family)}`);
  const pageNo = PageNumber.parse(url.searchParams.get("page") ?? 1);
  const list = await myEntries(state.db, state.viewer, family, pageNo, 8, (p) => pageHref(base, p));
  return page<MyEntriesPage>({ list, error }, { status, headers: { "cache-control": "no-store" } });
}

export function myEntriesHandler(family: AwardFamily) {
  return define.handlers<MyEntriesPage>({
    GET({ state, url }) {
      requireSignedIn(state.viewer);
      return load(state, url, family);
    },
    async POST({ req, state, url }) {
      requireSignedIn(state.viewer);
      try {
        const { cancel } = CancelBody.parse((await readBody(req, 16 * 1024)).body);
        await cancelEntry(state.db, state.viewer, cancel);
      } catch (err) {
        if (err instanceof z.ZodError) return load(state, url, family, state.t("award.entry_not_found"), 400);
        const refusal = formRefusal(err, state.t);
        return load(state, url, family, refusal.message, refusal.status);
      }
      const res = redirect(href(state, url.pathname + url.search));
      res.headers.append("set-cookie", flashCookie("myEntries.cancelled", state.https));
      return res;
    },
  });
}

export function MyEntriesPage(
  { data, state, url, family }: { data: MyEntriesPage; state: State; url: URL; family: "award" | "ibda" },
) {
  return (
    <>
      <MemberStyles state={state} />
      {data.error && <Alert kind="error">{data.error}</Alert>}
      <p class="my-entries-lead">
        <a class="button button-primary button-sm" href={href(state, `/entry?family=${family}`)}>
          {state.t("entry.title")}
        </a>
      </p>
      <MyEntries state={state} family={family} list={data.list} base={href(state, url.pathname)} />
    </>
  );
}
