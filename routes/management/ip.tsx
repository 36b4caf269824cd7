// /management/ip (SPEC §2.2, §6, issue 15 §4): the address allow and deny lists of the management area.
// Administrators only (SPEC §6 forbids /ip to everyone else, whatever their grants); the address checked is
// the one the proxy setting gives (state.clientIp), and a rule that would lock out the one adding it is refused.
import { z } from "zod";
import { page } from "../../framework/define.ts";
import { ManageHeader } from "../../components/management/Frame.tsx";
import { fieldError, Problem } from "../../components/builder/manage.tsx";
import { CsrfField } from "../../components/ui/CsrfField.tsx";
import { Select, TextField } from "../../components/ui/FormField.tsx";
import { Table } from "../../components/ui/Table.tsx";
import { addIpRule, IpRuleInput, ipRuleRows, removeIpRule } from "../../domain/builder/ip.ts";
import { formAction, type FormProblem, idOf } from "../../domain/builder/web.ts";
import { requirePermission } from "../../domain/member/guard.ts";
import { canEditAddressRules } from "../../domain/member/permissions.ts";
import { parseOrThrow } from "../../domain/validation.ts";
import { define, href, type State } from "../../state.ts";

async function screen(state: State, problem?: FormProblem, status = 200) {
  requirePermission(state.viewer, canEditAddressRules);
  state.title = state.t("builder.manage.ipTitle");
  return page({ rules: await ipRuleRows(state.db), problem }, { status });
}

const Action = z.object({ action: z.enum(["add", "delete"]) });

export const handler = define.handlers({
  GET: ({ state }) => screen(state),
  POST({ state, req }) {
    requirePermission(state.viewer, canEditAddressRules);
    return formAction(
      state,
      req,
      async (body, tx) => {
        const { action } = parseOrThrow(Action, body);
        if (action === "add") await addIpRule(tx, state.viewer.id, parseOrThrow(IpRuleInput, body), state.clientIp);
        else await removeIpRule(tx, idOf(body.id, "error.404"), state.clientIp);
        return href(state, "/management/ip");
      },
      (problem, status) => screen(state, problem, status),
    );
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  const action = href(state, "/management/ip");
  return (
    <>
      <ManageHeader state={state} title={t("builder.manage.ipTitle")} lead={t("builder.manage.ipLead")} />
      <p>
        {t("builder.manage.ipYours", { ip: state.clientIp })} {t("builder.manage.ipProxy")}
      </p>
      <Problem problem={data.problem} />
      <Table
        caption={t("builder.manage.ipTitle")}
        captionHidden
        rows={data.rules}
        rowKey={(r) => r.id}
        empty={t("builder.manage.ipEmpty")}
        columns={[
          {
            header: t("builder.manage.field.cidr"),
            rowHeader: true,
            align: "start",
            cell: (r) => <code>{r.cidr}</code>,
          },
          { header: t("builder.manage.field.kind"), cell: (r) => t(`builder.manage.ipKind.${r.kind}`) },
          { header: t("builder.manage.field.note"), align: "start", cell: (r) => r.note },
          {
            header: t("builder.manage.actions"),
            cell: (r) => (
              <form method="post" action={action} class="admin-inline-form">
                <CsrfField state={state} />
                <input type="hidden" name="action" value="delete" />
                <input type="hidden" name="id" value={String(r.id)} />
                <button type="submit" class="button button-ghost button-sm">
                  {t("builder.manage.remove")}
                  <span class="visually-hidden">: {r.cidr}</span>
                </button>
              </form>
            ),
          },
        ]}
      />
      <h2>{t("builder.manage.ipAdd")}</h2>
      <form method="post" action={action} class="list-filter">
        <CsrfField state={state} />
        <input type="hidden" name="action" value="add" />
        <div class="list-filter-fields">
          <Select
            name="kind"
            label={t("builder.manage.field.kind")}
            options={[
              { value: "allow", label: t("builder.manage.ipKind.allow") },
              { value: "deny", label: t("builder.manage.ipKind.deny") },
            ]}
          />
          <TextField
            name="cidr"
            label={t("builder.manage.field.cidr")}
            required
            maxLength={64}
            error={fieldError(state, data.problem, "cidr")}
          />
          <TextField name="note" label={t("builder.manage.field.note")} maxLength={200} />
        </div>
        <div class="list-filter-actions">
          <button type="submit" class="button button-primary button-sm">{t("builder.manage.add")}</button>
        </div>
      </form>
    </>
  );
});
