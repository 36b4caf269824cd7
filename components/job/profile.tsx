// The designer profile (issue 19 part 6): its settings on /profile (a plain form: public or not, and which
// parts) and the public page /designer/{id} with only the parts the member ticked. No script.
import type { ComponentChildren } from "preact";
import { type AwardRank, type DesignCategory, labelKey } from "../../domain/award/options.ts";
import { PROFILE_PARTS, type ProfileSettings, type PublicProfile } from "../../domain/job/profile.ts";
import type { MessageKey } from "../../i18n/mod.ts";
import { href, type State } from "../../state.ts";
import { categoryLabel, PriceText } from "../market/views.tsx";
import { CsrfField } from "../ui/CsrfField.tsx";
import { Card } from "../ui/Card.tsx";
import { Checkbox } from "../ui/FormField.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Table } from "../ui/Table.tsx";
import { codeLabel, JobStyles, ShareCard } from "./views.tsx";

const PART_LABEL = {
  prizes: "job.profile.showPrizes",
  products: "job.profile.showProducts",
  resume: "job.profile.showResume",
  donations: "job.profile.showDonations",
} as const satisfies Record<typeof PROFILE_PARTS[number], MessageKey>;

/** The settings section of /profile: its own form, posted to /profile/designer. */
export function DesignerProfileSettings({ state, settings }: { state: State; settings: ProfileSettings }) {
  const { t } = state;
  return (
    <section class="form-group" id="designer-profile" aria-labelledby="designer-profile-title">
      <h2 class="form-title" id="designer-profile-title">{t("job.profile.settings")}</h2>
      <p>{t("job.profile.settingsLead")}</p>
      <p>
        {settings.enabled
          ? <a href={href(state, `/designer/${state.viewer.id}`)}>{t("job.profile.link")}</a>
          : t("job.profile.off")}
      </p>
      <form method="post" action={href(state, "/profile/designer")}>
        <CsrfField state={state} />
        <Checkbox
          id="designer-profile-enabled"
          name="enabled"
          label={t("job.profile.enabled")}
          checked={settings.enabled}
        />
        <fieldset>
          <legend>{t("job.profile.parts")}</legend>
          {PROFILE_PARTS.map((part) => (
            <Checkbox
              key={part}
              id={`designer-profile-${part}`}
              name="parts"
              value={part}
              checked={settings.parts.includes(part)}
              label={t(PART_LABEL[part])}
            />
          ))}
        </fieldset>
        <button type="submit" class="button button-secondary">{t("job.profile.save")}</button>
      </form>
    </section>
  );
}

function rankText(state: State, rank: AwardRank | null, nominee: boolean): string {
  if (rank) return state.t(labelKey("rank", rank));
  return nominee ? state.t("award.rank.nominee") : "–";
}

/** The public page: the member's name, then each part they chose, in a section of its own. */
export function DesignerProfilePage({ state, data }: { state: State; data: PublicProfile }) {
  const { t } = state;
  const section = (id: string, title: string, body: ComponentChildren) => (
    <section class="job-section" aria-labelledby={`profile-${id}`}>
      <h2 id={`profile-${id}`}>{title}</h2>
      {body}
    </section>
  );
  const r = data.resume;
  const shown = data.prizes.length + data.products.length + data.donations.length + (r ? 1 : 0);
  return (
    <>
      <JobStyles state={state} />
      <PageHeader
        t={t}
        title={data.name}
        eyebrow={t("job.profile.title")}
        lead={t("job.profile.lead", { name: data.name })}
      />
      {shown === 0 && <p>{t("job.profile.empty")}</p>}
      {data.prizes.length > 0 && section(
        "prizes",
        t("job.profile.prizes"),
        <Table
          caption={t("job.profile.prizes")}
          captionHidden
          stack
          rows={data.prizes}
          rowKey={(p) => p.entry_id}
          columns={[
            { header: t("judging.certificate.award"), cell: (p) => `${p.award} (${p.year})` },
            { header: t("judging.col.title"), rowHeader: true, align: "start", cell: (p) => p.title },
            {
              header: t("judging.col.category"),
              cell: (p) => t(labelKey("category", p.category as DesignCategory)),
            },
            { header: t("judging.mypage.result"), cell: (p) => rankText(state, p.rank, p.nominee) },
            {
              header: t("judging.mypage.certificate"),
              cell: (p) => (p.verify ? <a href={href(state, p.verify)}>{t("job.profile.verify")}</a> : "–"),
            },
          ]}
        />,
      )}
      {data.products.length > 0 && section(
        "products",
        t("job.profile.products"),
        <ul class="card-grid">
          {data.products.map((p) => (
            <Card
              key={p.id}
              title={p.title}
              href={href(state, `/market/${p.type}/${p.id}`)}
              eyebrow={categoryLabel(state, p.category)}
              text={p.summary}
              meta={<PriceText state={state} price={p.price} />}
            />
          ))}
        </ul>,
      )}
      {r && section(
        "resume",
        t("job.profile.resume"),
        <>
          <p>{t("job.profile.resumeLead")}</p>
          <dl class="definition-list">
            {(
              [
                [t("job.labels.resumeTitle"), r.title],
                [t("job.labels.desiredOccupation"), codeLabel(t, "occupation", r.occupation)],
                [t("job.labels.desiredRegion"), codeLabel(t, "region", r.region)],
                [t("job.labels.career"), codeLabel(t, "career", r.career)],
                [t("job.labels.education"), codeLabel(t, "education", r.education)],
                [t("job.labels.desiredEmployType"), codeLabel(t, "employ_type", r.employ_type)],
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
            {r.portfolio_url && (
              <div>
                <dt>{t("job.labels.portfolioUrl")}</dt>
                <dd>
                  <a href={r.portfolio_url} rel="noopener noreferrer nofollow ugc">{r.portfolio_url}</a>
                </dd>
              </div>
            )}
          </dl>
          {r.introduction && <p class="pre-line">{r.introduction}</p>}
          <p>
            <a href={href(state, `/job/search/${r.id}`)}>{t("job.profile.fullResume")}</a>
          </p>
        </>,
      )}
      {data.donations.length > 0 && section(
        "donations",
        t("job.profile.donations"),
        <ul class="card-grid">
          {data.donations.map((s) => <ShareCard key={s.id} state={state} share={s} level={3} />)}
        </ul>,
      )}
    </>
  );
}
