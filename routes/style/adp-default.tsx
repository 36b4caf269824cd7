// /style/adp-default (SPEC §2.1): the management screens' default style — the management frame's tables,
// status badges, statistics and form rows — in both languages. Public and script-free.
import { page } from "../../framework/define.ts";
import { MemberStyles } from "../../components/management/Frame.tsx";
import { Alert } from "../../components/ui/Alert.tsx";
import { Select, TextField } from "../../components/ui/FormField.tsx";
import { PageHeader } from "../../components/ui/PageHeader.tsx";
import { Table } from "../../components/ui/Table.tsx";
import { define, href } from "../../state.ts";
import { StyleGuideStyles } from "../../components/builder/manage.tsx";

export const handler = define.handlers({
  GET({ state }) {
    state.title = state.t("builder.style.adminTitle");
    state.cacheable = true;
    return page({});
  },
});

const STATES = ["waiting", "approved", "rejected"] as const;

export default define.page<typeof handler>(({ state }) => {
  const { t } = state;
  return (
    <>
      <MemberStyles state={state} />
      <StyleGuideStyles state={state} />
      <PageHeader t={t} title={t("builder.style.adminTitle")} lead={t("builder.style.adminLead")} />
      <p>
        <a href={href(state, "/style")}>{t("builder.style.toMain")}</a>
      </p>
      <section class="sg-section" aria-labelledby="adp-stats">
        <h2 id="adp-stats">{t("builder.style.stat")}</h2>
        <dl class="stats">
          {[128, 42, 7].map((n, i) => (
            <div class="stat" key={i}>
              <dt>{t("builder.style.stat")} {i + 1}</dt>
              <dd>{n}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section class="sg-section" aria-labelledby="adp-badges">
        <h2 id="adp-badges">{t("builder.style.badges")}</h2>
        <p class="sg-row">
          {STATES.map((s) => <span key={s} class={`badge badge-${s}`}>{t(`manage.state.${s}`)}</span>)}
        </p>
      </section>
      <section class="sg-section" aria-labelledby="adp-table">
        <h2 id="adp-table">{t("builder.style.tables")}</h2>
        <Table
          caption={t("builder.style.tables")}
          captionHidden
          stack
          rows={STATES.map((s, i) => ({ id: i + 1, s }))}
          rowKey={(r) => r.id}
          columns={[
            { header: t("builder.manage.field.id"), cell: (r) => r.id },
            {
              header: t("builder.style.colName"),
              rowHeader: true,
              align: "start",
              cell: () => <a href={href(state, "/style/adp-default")}>{t("builder.style.sampleHeading")}</a>,
            },
            {
              header: t("builder.style.badges"),
              cell: (r) => <span class={`badge badge-${r.s}`}>{t(`manage.state.${r.s}`)}</span>,
            },
            {
              header: t("builder.manage.actions"),
              cell: () => (
                <button type="button" class="button button-ghost button-sm">{t("builder.manage.edit")}</button>
              ),
            },
          ]}
        />
      </section>
      <section class="sg-section" aria-labelledby="adp-forms">
        <h2 id="adp-forms">{t("builder.style.forms")}</h2>
        <form method="get" action={href(state, "/style/adp-default")} class="list-filter">
          <div class="list-filter-fields">
            <TextField id="adp-q" name="q" label={t("builder.style.sample")} />
            <Select
              id="adp-state"
              name="state"
              label={t("builder.style.badges")}
              options={STATES.map((s) => ({ value: s, label: t(`manage.state.${s}`) }))}
            />
          </div>
          <div class="list-filter-actions">
            <button type="submit" class="button button-primary button-sm">{t("builder.manage.show")}</button>
          </div>
        </form>
        <Alert kind="success">{t("builder.style.success")}</Alert>
      </section>
    </>
  );
});
