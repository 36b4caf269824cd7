// /management/judge/{role} (SPEC §2.2): the judges of a role (ibda, dcb, shoes) and the panel of each award
// whose family that role judges; a judge is added in one of the role's categories (domain panelRefusal).
import { and, desc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { page, redirect } from "../../../framework/define.ts";
import { HttpError } from "../../../framework/errors.ts";
import { PanelPage, type PanelPageData } from "../../../components/judging/panel.tsx";
import { refusalView } from "../../../components/management/award/refusal.ts";
import { awards } from "../../../db/schema/award.ts";
import { AWARD_FAMILIES, PANEL_ROLES } from "../../../domain/award/options.ts";
import { userRoles, users } from "../../../db/schema/member.ts";
import { addToPanel, PanelInput, panelOf, setExcluded } from "../../../domain/judging/manage.ts";
import { flashCookie } from "../../../domain/member/cookies.ts";
import { readBody } from "../../../domain/request.ts";
import { parseOrThrow, parseQuery } from "../../../domain/validation.ts";
import { define, href, type State } from "../../../state.ts";

const RoleParam = z.object({ role: z.enum(["ibda", "dcb", "shoes"]) });
const AwardQuery = z.object({
  award: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1).max(2_147_483_647).optional()),
});

async function load(state: State, role: string, url: URL, extra: Partial<PanelPageData> = {}, status = 200) {
  const q = parseQuery(AwardQuery, url);
  const holders = await state.db.select({ user: users, code: userRoles.roleCode, approved: userRoles.approved })
    .from(userRoles).innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(userRoles.roleCode, role))).orderBy(users.id).limit(500);
  const ids = holders.map((h) => h.user.id);
  const judgeRoles = ids.length
    ? await state.db.select().from(userRoles).where(
      and(inArray(userRoles.userId, ids), eq(userRoles.roleCode, "judge")),
    )
    : [];
  // Only the awards whose panels take this role (the IBDA's for IBDA judges, the design award's for DCB, shoes).
  const families = AWARD_FAMILIES.filter((f) => (PANEL_ROLES[f] as readonly string[]).includes(role));
  const list = await state.db.select({ id: awards.id, family: awards.family, year: awards.year, title: awards.title })
    .from(awards).where(inArray(awards.family, families)).orderBy(desc(awards.year), awards.family);
  const award = (q.award ? list.find((a) => a.id === q.award) : list[0]) ?? null;
  // Another family's award is not this role's to show (a refused post of one still shows its refusal).
  if (q.award && !award && !extra.error) throw new HttpError(404, "award.not_found");
  state.title = state.t("judging.manage.judgesOf", { role: state.t(`judging.roles.${role as "ibda"}`) });
  return page<PanelPageData>({
    role,
    judges: holders.map((h) => ({
      id: h.user.id,
      username: h.user.username,
      name: h.user.name,
      affiliation: h.user.affiliation,
      fields: h.user.judgeFields,
      approved: h.approved,
      judgeApproved: judgeRoles.some((j) => j.userId === h.user.id && j.approved),
    })),
    awards: list,
    award,
    panel: award ? await panelOf(state.db, award.id) : [],
    ...extra,
  }, { status });
}

export const handler = define.handlers({
  GET({ state, params, url }) {
    return load(state, parseOrThrow(RoleParam, params, 400).role, url);
  },
  async POST({ req, state, params, url }) {
    const { role } = parseOrThrow(RoleParam, params, 400);
    const { award } = parseQuery(AwardQuery, url);
    const { body } = await readBody(req, 64 * 1024);
    try {
      if (!award) throw new HttpError(404, "award.not_found");
      const judge = () => parseOrThrow(z.coerce.number().int().min(1).max(2_147_483_647), body.judge);
      if (body.action === "add") await addToPanel(state.db, state.config, award, role, parseOrThrow(PanelInput, body));
      else if (body.action === "exclude") await setExcluded(state.db, judge(), true);
      else if (body.action === "include") await setExcluded(state.db, judge(), false);
      else throw new HttpError(400, "error.400");
      const res = redirect(href(state, url.pathname + url.search));
      res.headers.append("set-cookie", flashCookie("judging.manage.saved", state.https));
      return res;
    } catch (err) {
      const view = refusalView(err, state.t);
      return load(state, role, url, { error: view.message, fields: view.fields }, view.status);
    }
  },
});

export default define.page<typeof handler>(({ data, state }) => <PanelPage state={state} data={data} />);
