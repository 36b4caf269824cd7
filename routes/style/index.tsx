// /style (SPEC §2.1, issue 15 §5): the living style guide — the colours and type of the design system,
// every UI component in its states, and every page-builder component as the server renders it (live
// components with real data), in Korean and English. Public and script-free, like a content page.
import { page } from "../../framework/define.ts";
import { PageTree } from "../../components/builder/PageTree.tsx";
import { Alert } from "../../components/ui/Alert.tsx";
import { Breadcrumb } from "../../components/ui/Breadcrumb.tsx";
import { Card, CardGrid } from "../../components/ui/Card.tsx";
import { Checkbox, Select, Textarea, TextField } from "../../components/ui/FormField.tsx";
import { PageHeader } from "../../components/ui/PageHeader.tsx";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { Table } from "../../components/ui/Table.tsx";
import { loadLiveData } from "../../domain/builder/live.ts";
import { everyComponentTree } from "../../domain/builder/samples.ts";
import { define, href } from "../../state.ts";
import { StyleGuideStyles } from "../../components/builder/manage.tsx";

const COLOURS = [
  "primary",
  "primary-dark",
  "primary-tint",
  "accent",
  "ink",
  "text",
  "muted",
  "line",
  "line-strong",
  "bg-alt",
  "footer",
  "success",
  "warning",
  "error",
] as const;

export const handler = define.handlers({
  async GET({ state }) {
    state.title = state.t("builder.style.title");
    state.cacheable = true;
    const nodes = everyComponentTree(state.locale === "en" ? "en" : "ko", 0);
    const live = state.site
      ? await loadLiveData(state.db, state.site.id, nodes, state.locale, { usdKrwRate: state.config.usdKrwRate })
      : {};
    return page({ nodes, live });
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  return (
    <>
      <StyleGuideStyles state={state} />
      <PageHeader t={t} title={t("builder.style.title")} lead={t("builder.style.lead")} />
      <p>
        <a href={href(state, "/style/adp-default")}>{t("builder.style.toAdmin")}</a>
      </p>
      <section class="sg-section" aria-labelledby="sg-colours">
        <h2 id="sg-colours">{t("builder.style.colours")}</h2>
        <ul class="sg-swatches">
          {COLOURS.map((c) => (
            <li key={c} class="sg-swatch">
              <span class={`sg-chip sg-c-${c}`} aria-hidden="true" />
              <code>--c-{c}</code>
            </li>
          ))}
        </ul>
      </section>
      <section class="sg-section" aria-labelledby="sg-type">
        <h2 id="sg-type">{t("builder.style.type")}</h2>
        <div class="content">
          <h2>{t("builder.style.sampleHeading")} (h2)</h2>
          <h3>{t("builder.style.sampleHeading")} (h3)</h3>
          <h4>{t("builder.style.sampleHeading")} (h4)</h4>
          <p>{t("builder.style.sampleText")}</p>
          <p>
            <small>{t("builder.style.small")}</small>
          </p>
        </div>
      </section>
      <section class="sg-section" aria-labelledby="sg-buttons">
        <h2 id="sg-buttons">{t("builder.style.buttons")}</h2>
        <p class="sg-row">
          <button type="button" class="button button-primary">primary</button>
          <button type="button" class="button button-secondary">secondary</button>
          <button type="button" class="button button-ghost">ghost</button>
          <button type="button" class="button button-primary button-sm">small</button>
          <button type="button" class="button button-primary button-lg">large</button>
          <button type="button" class="button button-primary" disabled>{t("builder.style.disabled")}</button>
          <a class="button button-secondary" href={href(state, "/style")}>link</a>
        </p>
      </section>
      <section class="sg-section" aria-labelledby="sg-forms">
        <h2 id="sg-forms">{t("builder.style.forms")}</h2>
        <form class="form" action={href(state, "/style")} method="get">
          <TextField id="sg-text" name="sg_text" label={t("builder.style.sample")} hint={t("builder.style.hint")} />
          <TextField
            id="sg-required"
            name="sg_required"
            label={t("builder.style.sample")}
            required
            error={t("builder.style.error")}
          />
          <TextField id="sg-disabled" name="sg_disabled" label={t("builder.style.disabled")} disabled />
          <Select
            id="sg-select"
            name="sg_select"
            label={t("builder.style.sample")}
            options={[1, 2, 3].map((n) => ({ value: String(n), label: t("builder.style.option", { n }) }))}
          />
          <Textarea id="sg-textarea" name="sg_textarea" label={t("builder.style.sample")} rows={3} />
          <Checkbox id="sg-check" name="sg_check" label={t("builder.style.check")} />
        </form>
      </section>
      <section class="sg-section" aria-labelledby="sg-alerts">
        <h2 id="sg-alerts">{t("builder.style.alerts")}</h2>
        <Alert kind="info">{t("builder.style.info")}</Alert>
        <Alert kind="success">{t("builder.style.success")}</Alert>
        <Alert kind="warning">{t("builder.style.warning")}</Alert>
        <Alert kind="error">{t("builder.style.danger")}</Alert>
      </section>
      <section class="sg-section" aria-labelledby="sg-tables">
        <h2 id="sg-tables">{t("builder.style.tables")}</h2>
        <Table
          caption={t("builder.style.tables")}
          rows={COLOURS.slice(0, 4)}
          rowKey={(c) => c}
          columns={[
            { header: t("builder.style.colName"), rowHeader: true, cell: (c) => c },
            { header: t("builder.style.colValue"), cell: (c) => <code>var(--c-{c})</code> },
          ]}
        />
        <Pagination t={t} current_page={2} last_page={5} baseHref={href(state, "/style")} />
        <Breadcrumb
          t={t}
          items={[{ label: t("site.home"), href: href(state, "/") }, { label: t("builder.style.title") }]}
        />
        <CardGrid>
          <Card
            title={t("builder.style.sampleHeading")}
            href={href(state, "/style")}
            text={t("builder.style.sampleText")}
          />
          <Card title={t("builder.style.sampleHeading")} text={t("builder.style.sampleText")} />
        </CardGrid>
      </section>
      <section class="sg-section" aria-labelledby="sg-components">
        <h2 id="sg-components">{t("builder.style.components")}</h2>
        <p>{t("builder.style.componentsLead")}</p>
        <PageTree
          nodes={data.nodes}
          ctx={{
            t,
            locale: state.locale,
            link: (p) => href(state, p),
            live: data.live,
            staticUrl: state.staticFiles ? (p) => state.staticFiles!.url(p) : undefined,
          }}
        />
      </section>
    </>
  );
});
