// /management/judge/{role} (SPEC §2.2, issue 11 part 5): the judges of one role (ibda, dcb, shoes) — their
// applications, with a link to the member screen where each role and field is approved — and the panel of
// the chosen award: add an approved judge, exclude or reinstate one.
import { JUDGE_CATEGORIES, type PanelRole } from "../../domain/award/options.ts";
import type { PanelMember } from "../../domain/judging/manage.ts";
import { formatDate } from "../../i18n/mod.ts";
import { href, type State } from "../../state.ts";
import { ManageHeader } from "../management/Frame.tsx";
import { Alert } from "../ui/Alert.tsx";
import { Button } from "../ui/Button.tsx";
import { CsrfField } from "../ui/CsrfField.tsx";
import { FormActions, Select, TextField } from "../ui/FormField.tsx";
import { Table } from "../ui/Table.tsx";
import { Tabs } from "../ui/Tabs.tsx";

export interface RoleJudge {
  id: number;
  username: string;
  name: string;
  affiliation: string;
  fields: string[];
  approved: boolean;
  judgeApproved: boolean;
}

export interface PanelPageData {
  role: string;
  judges: RoleJudge[];
  awards: { id: number; family: string; year: number; title: string }[];
  award: { id: number; title: string } | null;
  panel: PanelMember[];
  error?: string;
  fields?: Record<string, string>;
}

export function PanelPage({ state, data }: { state: State; data: PanelPageData }) {
  const { t } = state;
  const categories: readonly string[] = JUDGE_CATEGORIES[data.role as PanelRole] ?? [];
  const categoryLabel = (c: string) => (categories.includes(c) ? t(`judging.judgeCategory.${c as "general"}`) : c);
  const base = href(state, `/management/judge/${data.role}`);
  const action = data.award ? `${base}?award=${data.award.id}` : base;
  return (
    <>
      <ManageHeader
        state={state}
        title={t("judging.manage.judgesOf", { role: t(`judging.roles.${data.role as "ibda"}`) })}
      />
      {data.error && <Alert kind="error">{data.error}</Alert>}
      <Tabs
        label={t("judging.manage.roles")}
        tabs={(["ibda", "dcb", "shoes"] as const).map((r) => ({
          key: r,
          href: href(state, `/management/judge/${r}`),
          label: t(`judging.roles.${r}`),
          current: r === data.role,
        }))}
      />
      <section aria-labelledby="role-judges">
        <h2 id="role-judges" class="section-title">{t("judging.manage.applications")}</h2>
        <Table
          caption={t("judging.manage.applications")}
          captionHidden
          stack
          rows={data.judges}
          rowKey={(j) => j.id}
          empty={t("judging.manage.noJudges")}
          columns={[
            {
              header: t("judging.col.judge"),
              rowHeader: true,
              align: "start",
              cell: (j) => <a href={href(state, `/management/user/${j.id}`)}>{j.name} ({j.username})</a>,
            },
            { header: t("judging.col.affiliation"), cell: (j) => j.affiliation || "–" },
            { header: t("judging.col.judgeCategory"), cell: (j) => j.fields.map(categoryLabel).join(", ") || "–" },
            {
              header: t("judging.col.status"),
              cell: (j) => t(j.approved && j.judgeApproved ? "judging.manage.approved" : "judging.manage.waiting"),
            },
          ]}
        />
      </section>
      <section aria-labelledby="panel-title">
        <h2 id="panel-title" class="section-title">{t("judging.manage.panel")}</h2>
        <form method="get" action={base} class="filter-bar">
          <label for="panel-award" class="field-label">{t("judging.manage.award")}</label>
          <select id="panel-award" name="award" class="select">
            {data.awards.map((a) => (
              <option key={a.id} value={a.id} selected={data.award?.id === a.id}>
                {a.title} ({t(`award.family.${a.family as "award"}`)})
              </option>
            ))}
          </select>
          <Button type="submit" variant="secondary" size="sm">{t("judging.audit.apply")}</Button>
        </form>
        {data.award && (
          <>
            <Table
              caption={t("judging.manage.panel")}
              captionHidden
              stack
              rows={data.panel.filter((p) => p.role === data.role)}
              rowKey={(p) => p.id}
              empty={t("judging.manage.noPanel")}
              columns={[
                {
                  header: t("judging.col.judge"),
                  rowHeader: true,
                  align: "start",
                  cell: (p) => `${p.name} (${p.username})`,
                },
                { header: t("judging.col.judgeCategory"), cell: (p) => (p.category ? categoryLabel(p.category) : "–") },
                { header: t("judging.col.affiliation"), cell: (p) => p.affiliation || "–" },
                { header: t("judging.col.position"), cell: (p) => p.position || "–" },
                { header: t("judging.col.classification"), cell: (p) => p.classification || "–" },
                {
                  header: t("judging.col.term"),
                  cell: (p) =>
                    p.startOn || p.finishOn
                      ? `${p.startOn ? formatDate(p.startOn, state.locale) : ""} – ${
                        p.finishOn ? formatDate(p.finishOn, state.locale) : ""
                      }`
                      : "–",
                },
                {
                  header: t("judging.col.excluded"),
                  cell: (p) => (
                    <form method="post" action={action} class="inline-form">
                      <CsrfField state={state} />
                      <input type="hidden" name="action" value={p.excludedAt ? "include" : "exclude"} />
                      <input type="hidden" name="judge" value={p.id} />
                      {p.excludedAt ? `${formatDate(p.excludedAt, state.locale)} ` : ""}
                      <Button type="submit" variant="ghost" size="sm">
                        {t(p.excludedAt ? "judging.manage.include" : "judging.manage.exclude")}
                      </Button>
                    </form>
                  ),
                },
              ]}
            />
            <form method="post" action={action} class="form">
              <CsrfField state={state} />
              <input type="hidden" name="action" value="add" />
              <TextField name="username" label={t("judging.manage.username")} required error={data.fields?.username} />
              <Select
                name="category"
                label={t("judging.col.judgeCategory")}
                required
                error={data.fields?.category}
                placeholder={t("judging.manage.chooseCategory")}
                options={categories.map((c) => ({ value: c, label: categoryLabel(c) }))}
              />
              <TextField
                name="affiliation"
                label={t("judging.col.affiliation")}
                hint={t("judging.manage.affiliationHint")}
              />
              <TextField name="position" label={t("judging.col.position")} />
              <TextField name="classification" label={t("judging.col.classification")} />
              <TextField name="start_on" type="date" label={t("judging.col.termStart")} error={data.fields?.start_on} />
              <TextField
                name="finish_on"
                type="date"
                label={t("judging.col.termFinish")}
                error={data.fields?.finish_on}
              />
              <FormActions>
                <Button type="submit">{t("judging.manage.addJudge")}</Button>
              </FormActions>
            </form>
          </>
        )}
      </section>
    </>
  );
}
