// /mypage (SPEC §2.5): the member's own area — who they are, their membership, and the sections of my
// page. Only the conversion history has content yet; the other sections say plainly that there is
// nothing there (never invented data).
import { page } from "../../framework/define.ts";
import { MemberStyles } from "../../components/management/Frame.tsx";
import { roleLabel, StateBadge } from "../../components/management/Labels.tsx";
import { requireSignedIn } from "../../domain/member/guard.ts";
import { rolesOf, type RoleState, roleStatus } from "../../domain/member/management.ts";
import { changeHistory } from "../../domain/member/conversion.ts";
import type { MessageKey } from "../../i18n/mod.ts";
import { define, href } from "../../state.ts";

/** SPEC §2.5 my-page sections, in order; `changes` is the one with a screen. */
export const MYPAGE_SECTIONS = [
  "awards",
  "ibda",
  "contests",
  "supports",
  "prizes",
  "judge",
  "changes",
  "market",
  "job",
  "share",
  "certificates",
] as const;

interface MyPage {
  roles: RoleState[];
  changes: number;
}

export const handler = define.handlers({
  async GET({ state }) {
    requireSignedIn(state.viewer);
    state.layout = "authenticated";
    const history = await changeHistory(state.db, state.viewer.id, 1, 1, () => "");
    const roles = await rolesOf(state.db, state.viewer.id);
    return page<MyPage>({ roles, changes: history.total }, { headers: { "cache-control": "no-store" } });
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const { t, user } = state;
  const name = state.locale === "en" && user?.nameEn ? user.nameEn : user?.name;
  return (
    <>
      <MemberStyles state={state} />
      <section class="mypage-profile" aria-labelledby="mypage-me">
        <h2 id="mypage-me" class="mypage-name">{t("mypage.hello", { name: name ?? "" })}</h2>
        <dl class="detail-list detail-list-compact">
          <div>
            <dt>{t("manage.col.username")}</dt>
            <dd>{user?.username}</dd>
          </div>
          <div>
            <dt>{t("manage.col.email")}</dt>
            <dd>{user?.email}</dd>
          </div>
          <div>
            <dt>{t("mypage.membership")}</dt>
            <dd>
              <ul class="chips">
                {data.roles.map((r) => (
                  <li key={r.code} class="chip">
                    {roleLabel(state, r)}
                    {roleStatus(r) !== "approved" && <StateBadge state={state} status={roleStatus(r)} />}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        </dl>
        <p class="actions">
          <a class="button button-secondary button-sm" href={href(state, "/profile")}>{t("mypage.editProfile")}</a>
          <a class="button button-secondary button-sm" href={href(state, "/change")}>{t("change.title")}</a>
        </p>
      </section>
      <h2 class="manage-section-title">{t("mypage.sections")}</h2>
      <ul class="mypage-sections">
        {MYPAGE_SECTIONS.map((section) => {
          const title = t(`mypage.section.${section}` as MessageKey);
          return (
            <li key={section} class="mypage-section">
              <h3 class="mypage-section-title">
                {section === "changes" ? <a href={href(state, "/mypage/changes")}>{title}</a> : title}
              </h3>
              <p class="mypage-section-text">
                {section === "changes" ? t("mypage.changesCount", { count: data.changes }) : t("mypage.nothingYet")}
              </p>
            </li>
          );
        })}
      </ul>
    </>
  );
});
