// /contest/{id}: one approved contest — brief, prizes in KRW and USD, schedule, entry count, and the winners
// when the public flag is set and the result date has passed ('not ended' / 'no results' otherwise,
// SPEC §8). The enter button leads to the entry wizard while the contest is ongoing. No script.
import { HttpError } from "../../framework/errors.ts";
import { page } from "../../framework/define.ts";
import { day, MoneyText, StatusBadge } from "../../components/contest/views.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { PageHeader } from "../../components/ui/PageHeader.tsx";
import { IdParam } from "../../domain/award/queries.ts";
import { type ContestDetail, contestDetail, publicContest } from "../../domain/contest/public.ts";
import { parseOrThrow } from "../../domain/validation.ts";
import { define, href, type RouteConfig } from "../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, params }) {
    const { id } = parseOrThrow(IdParam, params, 400);
    const contest = await publicContest(state.db, id);
    if (!contest) throw new HttpError(404, "contest.not_found");
    const detail = await contestDetail(state.db, contest, state.locale, new Date(), state.config.usdKrwRate);
    state.layout = "default";
    state.title = detail.title;
    state.description = detail.summary;
    state.cacheable = true;
    return page<ContestDetail>(detail);
  },
});

export default define.page<typeof handler>(({ data: c, state }) => {
  const t = state.t;
  const row = (label: string, value: preact.ComponentChildren) =>
    value === "" || value === null || value === undefined ? null : (
      <>
        <dt>{label}</dt>
        <dd>{value}</dd>
      </>
    );
  return (
    <>
      <PageHeader
        t={t}
        title={c.title}
        eyebrow={t("contest.title")}
        crumbs={[{ label: t("contest.title"), href: href(state, "/contest") }, { label: c.title }]}
        lead={c.summary}
        actions={c.status === "ongoing" && (
          <Button href={href(state, `/contest/${c.id}/enter`)}>{t("contest.enter")}</Button>
        )}
      />
      <section aria-labelledby="contest-overview">
        <h2 id="contest-overview">{t("contest.labels.schedule")}</h2>
        <dl class="definition-list">
          {row(t("contest.labels.status"), <StatusBadge state={state} status={c.status} />)}
          {row(t("contest.labels.company"), c.company)}
          {row(t("contest.labels.openAt"), day(state, c.open_at))}
          {row(t("contest.labels.closeAt"), day(state, c.close_at))}
          {row(t("contest.labels.resultAt"), day(state, c.result_at))}
          {row(t("contest.labels.entryCount"), String(c.entry_count))}
          {c.extend_count > 0 && row(t("contest.labels.extendCount"), String(c.extend_count))}
          {row(
            t("contest.labels.restriction"),
            t(`contest.restrictions.${c.entry_restriction}` as "contest.restrictions.any"),
          )}
        </dl>
      </section>
      <section aria-labelledby="contest-prizes">
        <h2 id="contest-prizes">{t("contest.labels.prizes")}</h2>
        <ul>
          {c.prizes.map((p) => (
            <li key={p.place}>
              {t("contest.place", { place: p.place })}: <MoneyText state={state} money={p.prize} />
            </li>
          ))}
          <li>
            {t("contest.labels.prizeTotal")}: <MoneyText state={state} money={c.prize_total} />
          </li>
        </ul>
      </section>
      <section aria-labelledby="contest-brief">
        <h2 id="contest-brief">{t("contest.labels.brief")}</h2>
        <dl class="definition-list">
          {row(t("contest.labels.field"), t(`contest.fields.${c.field}` as "contest.fields.brand"))}
          {c.sub_field &&
            row(t("contest.labels.subField"), t(`contest.subFields.${c.sub_field}` as "contest.subFields.logo"))}
          {row(t("contest.labels.detailItems"), <span class="pre-line">{c.detail_items}</span>)}
          {row(t("contest.labels.request"), <span class="pre-line">{c.request}</span>)}
          {row(t("contest.labels.commercial"), c.commercial ? t("contest.labels.yes") : t("contest.labels.no"))}
          {c.logo_style &&
            row(t("contest.labels.logoStyle"), t(`contest.logoStyles.${c.logo_style}` as "contest.logoStyles.text"))}
          {c.website_style &&
            row(
              t("contest.labels.websiteStyle"),
              t(`contest.websiteStyles.${c.website_style}` as "contest.websiteStyles.pc"),
            )}
          {row(t("contest.labels.preferredColor"), c.preferred_color)}
          {row(t("contest.labels.style"), c.style)}
          {row(t("contest.labels.referenceSites"), c.reference_sites)}
          {c.reference_urls.length > 0 && row(
            t("contest.labels.referenceUrls"),
            <ul>
              {c.reference_urls.map((u) => (
                <li key={u}>
                  <a href={u} rel="nofollow noopener noreferrer">{u}</a>
                </li>
              ))}
            </ul>,
          )}
          {row(t("contest.labels.sns"), c.sns)}
          {row(t("contest.labels.contactEmail"), c.contact_email)}
        </dl>
      </section>
      <section aria-labelledby="contest-winners">
        <h2 id="contest-winners">{t("contest.labels.winners")}</h2>
        {c.results === "published" && c.winners.length > 0
          ? (
            <ul>
              {c.winners.map((w) => (
                <li key={w.entry_id}>
                  {w.rank ? t(`contest.ranks.${w.rank}` as "contest.ranks.grand") : ""} — {w.title} ({w.designer})
                  {w.prize && (
                    <>
                      {" "}· <MoneyText state={state} money={w.prize} />
                    </>
                  )}
                </li>
              ))}
            </ul>
          )
          : <p>{t(c.results === "not_ended" ? "contest.not_ended" : "contest.no_results")}</p>}
      </section>
    </>
  );
});
