// The menu editor screen of /management/menu (?site=) and /management/site/{id}/menu: one site's menu in
// both languages (add, edit, move, hide, delete), its links to missing pages flagged.
import { eq } from "drizzle-orm";
import { z } from "zod";
import { page } from "../../framework/define.ts";
import { pages, type Site } from "../../db/schema/site.ts";
import { applicationPaths } from "../../domain/builder/app-paths.ts";
import { missingLinks } from "../../domain/builder/rules.ts";
import {
  addMenu,
  allSites,
  deleteMenu,
  MenuInput,
  menuRows,
  moveMenu,
  updateMenu,
} from "../../domain/builder/sites.ts";
import { formAction, type FormProblem, idOf } from "../../domain/builder/web.ts";
import { parseOrThrow } from "../../domain/validation.ts";
import { type State } from "../../state.ts";
import { HttpError } from "../../framework/errors.ts";
import { ManageHeader } from "../management/Frame.tsx";
import { AdminStyles, MenuEditor, siteLabel, SitePicker } from "./manage.tsx";

export async function menuScreen(state: State, site: Site, problem?: FormProblem, status = 200) {
  state.title = state.t("builder.manage.menuTitle");
  const [rows, sites, pageRows, isApp] = await Promise.all([
    menuRows(state.db, site.id),
    allSites(state.db),
    state.db.select({ path: pages.path }).from(pages).where(eq(pages.siteId, site.id)),
    applicationPaths(),
  ]);
  const missing = missingLinks(rows, new Set(pageRows.map((p) => p.path)), isApp);
  return page({ site, sites, rows, missing, problem }, { status });
}

const Action = z.object({ action: z.enum(["add", "save", "up", "down", "delete"]) });

export function menuPost(state: State, req: Request, site: Site, back: string) {
  return formAction(
    state,
    req,
    async (body, tx) => {
      const { action } = parseOrThrow(Action, body);
      if (action === "add") await addMenu(tx, site.id, parseOrThrow(MenuInput, body));
      else {
        const id = idOf(body.id, "builder.menu_not_found");
        if (action === "save") await updateMenu(tx, site.id, id, parseOrThrow(MenuInput, body));
        else if (action === "delete") await deleteMenu(tx, site.id, id);
        else await moveMenu(tx, site.id, id, action);
      }
      return back;
    },
    (problem, status) => menuScreen(state, site, problem, status),
  );
}

export function MenuScreen(
  { state, data, action, picker }: {
    state: State;
    data: Awaited<ReturnType<typeof menuScreen>>["data"];
    action: string;
    picker?: string;
  },
) {
  const { t } = state;
  if (!data.site) throw new HttpError(404, "builder.site_not_found");
  return (
    <>
      <AdminStyles state={state} />
      <ManageHeader
        state={state}
        title={t("builder.manage.menuOfSite", { name: siteLabel(state, data.site) })}
        lead={t("builder.manage.menuLead")}
      />
      {picker && <SitePicker state={state} action={picker} sites={data.sites} current={data.site} />}
      <MenuEditor state={state} action={action} rows={data.rows} missing={data.missing} problem={data.problem} />
    </>
  );
}
