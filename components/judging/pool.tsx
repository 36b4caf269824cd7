// /management/pool and /management/pool/{id} (issue 11 part 5): every pool, and one pool's period,
// categories, assigned judges with their progress (and a reminder to those behind), and its round's criteria.
import { type DesignCategory, labelKey } from "../../domain/award/options.ts";
import { formatAwardDate } from "../../domain/award/phase.ts";
import type { PoolDetail, PoolSummary } from "../../domain/judging/manage.ts";
import { formatDate } from "../../i18n/mod.ts";
import { href, type State } from "../../state.ts";
import { ManageHeader } from "../management/Frame.tsx";
import { Alert } from "../ui/Alert.tsx";
import { Button } from "../ui/Button.tsx";
import { CsrfField } from "../ui/CsrfField.tsx";
import { FormActions, Select, TextField } from "../ui/FormField.tsx";
import { Table } from "../ui/Table.tsx";

const when = (state: State, d: Date | null) => (d ? formatDate(d, state.locale, "datetime") : "–");
const catLabel = (state: State, c: number) => state.t(labelKey("category", c as DesignCategory));

export function PoolList({ state, pools }: { state: State; pools: PoolSummary[] }) {
  const { t } = state;
  return (
    <>
      <ManageHeader state={state} title={t("judging.manage.pools")} lead={t("judging.manage.poolsLead")} />
      <Table
        caption={t("judging.manage.pools")}
        captionHidden
        stack
        rows={pools}
        rowKey={(p) => p.id}
        empty={t("judging.manage.noPools")}
        columns={[
          {
            header: t("judging.col.title"),
            rowHeader: true,
            align: "start",
            cell: (p) => (
              <a href={href(state, `/management/pool/${p.id}`)}>
                {p.title} · {t(`judging.round.${p.kind}`)}
              </a>
            ),
          },
          { header: t("judging.manage.family"), cell: (p) => t(`award.family.${p.family as "award" | "ibda"}`) },
          { header: t("judging.col.period"), cell: (p) => `${when(state, p.startAt)} ~ ${when(state, p.finishAt)}` },
          {
            header: t("judging.col.categories"),
            cell: (p) => (p.categories.length
              ? p.categories.map((c) =>
                catLabel(state, c)
              ).join(", ")
              : t("judging.manage.allCategories")),
          },
          { header: t("judging.manage.judges"), cell: (p) => p.judges },
          { header: t("judging.col.count"), cell: (p) => p.scores },
        ]}
      />
    </>
  );
}

export interface PoolPageData {
  detail: PoolDetail;
  error?: string;
  fields?: Record<string, string>;
}

export function PoolPage({ state, data }: { state: State; data: PoolPageData }) {
  const { t } = state;
  const { detail } = data;
  const action = href(state, `/management/pool/${detail.pool.id}`);
  const title = `${detail.award.title} · ${t(`judging.round.${detail.pool.kind}`)}`;
  return (
    <>
      <ManageHeader
        state={state}
        title={title}
        trail={[{ label: t("judging.manage.pools"), href: href(state, "/management/pool") }]}
        actions={
          <Button href={href(state, `/management/pool/${detail.pool.id}/ranking`)} variant="secondary">
            {t("judging.manage.ranking")}
          </Button>
        }
      />
      {data.error && <Alert kind="error">{data.error}</Alert>}

      <section aria-labelledby="pool-period">
        <h2 id="pool-period" class="section-title">{t("judging.manage.period")}</h2>
        <form method="post" action={action} class="form">
          <CsrfField state={state} />
          <input type="hidden" name="action" value="period" />
          <TextField
            name="start_at"
            label={t("judging.manage.startAt")}
            hint={t("judging.manage.dateHint")}
            value={detail.pool.startAt ? formatAwardDate(detail.pool.startAt) : ""}
            error={data.fields?.start_at}
          />
          <TextField
            name="finish_at"
            label={t("judging.manage.finishAt")}
            hint={t("judging.manage.dateHint")}
            value={detail.pool.finishAt ? formatAwardDate(detail.pool.finishAt) : ""}
            error={data.fields?.finish_at}
          />
          <fieldset class="field field-group">
            <legend class="field-label">{t("judging.col.categories")}</legend>
            <div class="choices choices-inline">
              {detail.offered.map((c) => (
                <div class="check" key={c}>
                  <input
                    class="check-input"
                    type="checkbox"
                    id={`pool-cat-${c}`}
                    name="categories[]"
                    value={c}
                    checked={detail.categories.includes(c)}
                  />
                  <label class="check-label" for={`pool-cat-${c}`}>{catLabel(state, c)}</label>
                </div>
              ))}
            </div>
            <p class="field-hint">{t("judging.manage.categoriesHint")}</p>
          </fieldset>
          <FormActions>
            <Button type="submit">{t("judging.manage.save")}</Button>
          </FormActions>
        </form>
      </section>

      <section aria-labelledby="pool-judges">
        <h2 id="pool-judges" class="section-title">{t("judging.manage.assigned")}</h2>
        <form method="post" action={action} id="assign-form">
          <CsrfField state={state} />
          <input type="hidden" name="action" value="assign" />
        </form>
        <Table
          caption={t("judging.manage.assigned")}
          captionHidden
          stack
          rows={detail.progress}
          rowKey={(p) => p.judge.id}
          empty={t("judging.manage.noPanel")}
          columns={[
            {
              header: t("judging.manage.assign"),
              cell: (p) => (
                <input
                  type="checkbox"
                  name="judges[]"
                  value={p.judge.id}
                  form="assign-form"
                  checked={p.assigned}
                  aria-label={t("judging.manage.assignJudge", { name: p.judge.name })}
                />
              ),
            },
            {
              header: t("judging.col.judge"),
              rowHeader: true,
              align: "start",
              cell: (p) => (
                <>
                  {p.judge.name} ({p.judge.username})
                  {p.judge.excludedAt && <>· {t("judging.manage.excluded")}</>}
                </>
              ),
            },
            {
              header: t("judging.col.categories"),
              align: "start",
              cell: (p) => (
                <span class="choices choices-inline">
                  {(detail.categories.length ? detail.categories : detail.offered).map((c) => (
                    <label key={c} class="check-label">
                      <input
                        type="checkbox"
                        name={`cats_${p.judge.id}[]`}
                        value={c}
                        form="assign-form"
                        checked={p.categories.includes(c)}
                      />{" "}
                      {catLabel(state, c)}
                    </label>
                  ))}
                </span>
              ),
            },
            { header: t("judging.state.scored"), cell: (p) => p.scored },
            { header: t("judging.state.abstained"), cell: (p) => p.abstained },
            { header: t("judging.state.todo"), cell: (p) => <span data-todo={p.judge.username}>{p.todo}</span> },
            { header: t("judging.manage.reminded"), cell: (p) => when(state, p.remindedAt) },
          ]}
        />
        <FormActions>
          <Button type="submit" form="assign-form">{t("judging.manage.saveAssignment")}</Button>
          <form method="post" action={action} class="inline-form">
            <CsrfField state={state} />
            <input type="hidden" name="action" value="remind" />
            <Button type="submit" variant="secondary">{t("judging.manage.remind")}</Button>
          </form>
        </FormActions>
      </section>

      <section aria-labelledby="pool-criteria">
        <h2 id="pool-criteria" class="section-title">{t("judging.manage.criteria")}</h2>
        <Table
          caption={t("judging.manage.criteria")}
          captionHidden
          rows={detail.criteria}
          rowKey={(c) => c.id}
          empty={t("judging.manage.noCriteria")}
          columns={[
            {
              header: t("judging.manage.criterion"),
              rowHeader: true,
              align: "start",
              cell: (c) => `${c.name} / ${c.nameEn}`,
            },
            { header: t("judging.manage.kind"), cell: (c) => t(`judging.manage.kinds.${c.kind}`) },
            { header: t("judging.manage.weight"), cell: (c) => c.weight },
            { header: t("judging.manage.scale"), cell: (c) => c.scale },
            {
              header: t("judging.manage.remove"),
              cell: (c) => (
                <form method="post" action={action} class="inline-form">
                  <CsrfField state={state} />
                  <input type="hidden" name="action" value="criterion_remove" />
                  <input type="hidden" name="criterion" value={c.id} />
                  <Button
                    type="submit"
                    variant="ghost"
                    size="sm"
                    aria-label={t("judging.manage.removeNamed", { name: c.name })}
                  >
                    {t("judging.manage.remove")}
                  </Button>
                </form>
              ),
            },
          ]}
        />
        <form method="post" action={action} class="form">
          <CsrfField state={state} />
          <input type="hidden" name="action" value="criterion_add" />
          <TextField
            name="name"
            label={t("judging.manage.criterionName")}
            required
            maxLength={100}
            error={data.fields?.name}
          />
          <TextField name="name_en" label={t("judging.manage.criterionNameEn")} maxLength={100} />
          <Select
            name="kind"
            label={t("judging.manage.kind")}
            options={(["score", "verdict"] as const).map((k) => ({ value: k, label: t(`judging.manage.kinds.${k}`) }))}
            value="score"
          />
          <TextField name="weight" type="number" label={t("judging.manage.weight")} min={1} max={100} value={1} />
          <TextField name="scale" type="number" label={t("judging.manage.scale")} min={1} max={100} value={10} />
          <FormActions>
            <Button type="submit" variant="secondary">{t("judging.manage.addCriterion")}</Button>
          </FormActions>
        </form>
      </section>
    </>
  );
}
