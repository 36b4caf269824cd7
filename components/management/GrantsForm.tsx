// Which management sections each staff role may reach (SPEC §6, management_grants): one form per role
// with a checkbox per grantable section. Only administrators may change it; others see it read-only.
import { type PageResult, redirect } from "../../framework/define.ts";
import { formRefusal } from "../../domain/errors.ts";
import { flashCookie } from "../../domain/member/cookies.ts";
import { GRANTABLE_SECTIONS, saveGrants } from "../../domain/member/management.ts";
import { readBody } from "../../domain/request.ts";
import { isAdministrator } from "../../domain/member/permissions.ts";
import type { MessageKey } from "../../i18n/mod.ts";
import { href, type State } from "../../state.ts";
import { roleLabel } from "./Labels.tsx";

export function sectionLabel(state: State, section: string): string {
  return state.t(`manage.sections.${section}` as MessageKey);
}

export function GrantsForm(
  { state, action, grants, roles }: {
    state: State;
    action: string;
    grants: Record<string, string[]>;
    roles: { code: string; name: string; nameEn: string }[];
  },
) {
  const { t } = state;
  const editable = isAdministrator(state.viewer);
  return (
    <section class="manage-section" aria-labelledby="grants-title">
      <h2 class="manage-section-title" id="grants-title">{t("manage.grantsTitle")}</h2>
      <p class="hint">{t("manage.grantsLead")}</p>
      {roles.map((role) => (
        <form key={role.code} method="post" action={action} class="grants-form">
          <input type="hidden" name="_token" value={state.csrfToken} />
          <input type="hidden" name="role" value={role.code} />
          <fieldset class="field field-group" disabled={!editable}>
            <legend class="field-label">{roleLabel(state, role)}</legend>
            <div class="grant-grid">
              {GRANTABLE_SECTIONS.map((section) => (
                <div class="check" key={section}>
                  <input
                    class="check-input"
                    type="checkbox"
                    id={`grant-${role.code}-${section}`}
                    name="sections[]"
                    value={section}
                    checked={grants[role.code]?.includes(section)}
                  />
                  <label class="check-label" for={`grant-${role.code}-${section}`}>
                    {sectionLabel(state, section)} <span class="muted">/{section}</span>
                  </label>
                </div>
              ))}
            </div>
          </fieldset>
          <p class="hint">{t("manage.neverGranted")}</p>
          {editable && (
            <div class="form-actions form-actions-start">
              <button type="submit" class="button button-primary">{t("manage.saveGrants")}</button>
            </div>
          )}
        </form>
      ))}
    </section>
  );
}

/**
 * The POST of the screens that show GrantsForm (/management/role and /management/manager): save the grants
 * and return to the same screen with a notice, or show the screen again with the refusal.
 */
export async function postGrants<D>(
  { req, state, url }: { req: Request; state: State; url: URL },
  showAgain: (error: string, status: number) => Promise<PageResult<D>>,
): Promise<Response | PageResult<D>> {
  try {
    await saveGrants(state.db, state.viewer, (await readBody(req)).body);
  } catch (err) {
    const refusal = formRefusal(err, state.t);
    return showAgain(refusal.message, refusal.status);
  }
  const res = redirect(href(state, url.pathname));
  res.headers.append("set-cookie", flashCookie("manage.done.grants", state.https));
  return res;
}
