// /mypage (SPEC §2.5): the member's own area — who they are, their membership, and the sections of my
// page. The award and IBDA entries and the conversion history have screens; the other sections say
// plainly that there is nothing there yet (never invented data).
import { page } from "../../framework/define.ts";
import { MemberStyles } from "../../components/management/Frame.tsx";
import { roleLabel, StateBadge } from "../../components/management/Labels.tsx";
import { requireSignedIn } from "../../domain/member/guard.ts";
import { rolesOf } from "../../domain/member/management.ts";
import { type RoleState, roleStatus } from "../../domain/member/member-list.ts";
import { changeHistory } from "../../domain/member/conversion.ts";
import { entryCounts } from "../../domain/award/my-entries.ts";
import { myApplicationCount } from "../../domain/programme/applications.ts";
import { myContestCount } from "../../domain/contest/mine.ts";
import { myMarketCount } from "../../domain/market/mine.ts";
import { judgingCounts } from "../../domain/judging/calls.ts";
import { myJobCounts } from "../../domain/job/mine.ts";
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
  /** How many items each section with a screen holds. */
  counts: Partial<Record<typeof MYPAGE_SECTIONS[number], number>>;
}

export const handler = define.handlers({
  async GET({ state }) {
    requireSignedIn(state.viewer);
    state.layout = "authenticated";
    const history = await changeHistory(state.db, state.viewer.id, 1, 1, () => "");
    const roles = await rolesOf(state.db, state.viewer.id);
    const entries = await entryCounts(state.db, state.viewer.id);
    const supports = await myApplicationCount(state.db, state.viewer.id);
    const contests = await myContestCount(state.db, state.viewer.id);
    const market = await myMarketCount(state.db, state.viewer.id);
    const counts = { changes: history.total, awards: entries.award, ibda: entries.ibda, supports, contests, market };
    Object.assign(counts, await judgingCounts(state.db, state.viewer));
    Object.assign(counts, await myJobCounts(state.db, state.viewer.id));
    return page<MyPage>({ roles, counts }, { headers: { "cache-control": "no-store" } });
  },
});

/** How each section names its count; sections not listed count plain items. */
const SECTION_COUNT_TEXT: Partial<Record<string, MessageKey>> = {
  awards: "mypage.entriesCount",
  ibda: "mypage.entriesCount",
  contests: "mypage.entriesCount",
  changes: "mypage.changesCount",
  supports: "programme.mypage.count",
};

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
          const count = data.counts[section];
          return (
            <li key={section} class="mypage-section">
              <h3 class="mypage-section-title">
                {count !== undefined ? <a href={href(state, `/mypage/${section}`)}>{title}</a> : title}
              </h3>
              <p class="mypage-section-text">
                {count === undefined
                  ? t("mypage.nothingYet")
                  : t(SECTION_COUNT_TEXT[section] ?? "mypage.itemsCount", { count })}
              </p>
            </li>
          );
        })}
      </ul>
    </>
  );
});
