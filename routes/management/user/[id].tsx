// /management/user/{id}: one member — data, roles, change requests, account actions, decision log. The
// forms post here with an `action`; each decision runs in domain/member/approval.ts and comes back here
// with a one-time message (post/redirect/get), or re-renders with the error.
import { z } from "zod";
import { page, redirect } from "../../../framework/define.ts";
import { HttpError } from "../../../framework/errors.ts";
import { ManageHeader } from "../../../components/management/Frame.tsx";
import type { Names } from "../../../components/management/Labels.tsx";
import {
  AccountActions,
  AuditTrail,
  JudgeRecords,
  MemberChanges,
  MemberInfo,
  MemberRoles,
} from "../../../components/management/UserDetail.tsx";
import { MemberBank } from "../../../components/management/MemberBank.tsx";
import { Alert } from "../../../components/ui/Alert.tsx";
import { decide, Decision } from "../../../domain/member/approval.ts";
import { recordMemberRead } from "../../../domain/member/document-access.ts";
import {
  bankAccountForManager,
  type BankAccountView,
  bankJson,
  revealBankAccount,
} from "../../../domain/member/bank.ts";
import type { BankAccount } from "../../../db/schema/member.ts";
import { flashCookie } from "../../../domain/member/cookies.ts";
import { roleNames, type UserDetail, userDetail } from "../../../domain/member/management.ts";
import { canManageAccount, canSeeWholeBankAccount } from "../../../domain/member/permissions.ts";
import { formRefusal } from "../../../domain/errors.ts";
import { readBody } from "../../../domain/request.ts";
import { fieldErrors } from "../../../domain/validation.ts";
import type { MessageKey } from "../../../i18n/mod.ts";
import { define, href, type State } from "../../../state.ts";

interface MemberPage {
  detail: UserDetail;
  names: Names;
  editable: boolean;
  /** The payout account: masked, or whole right after an administrator asked to see it (audit-logged). */
  bank: BankAccountView | null;
  mayRevealBank: boolean;
  error?: string;
}

const Id = z.coerce.number().int().positive().max(2_147_483_647);

async function load(state: State, rawId: string, error?: string, status = 200, wholeBank?: BankAccount | null) {
  const id = Id.safeParse(rawId);
  const detail = id.success ? await userDetail(state.db, id.data) : null;
  if (!detail) throw new HttpError(404, "error.404");
  state.title = detail.user.name;
  const editable = canManageAccount(state.viewer, { id: detail.user.id, roles: detail.roles });
  const bankRow = wholeBank ?? await bankAccountForManager(state.db, detail.user.id);
  const bank = bankRow ? bankJson(bankRow, state.locale, !!wholeBank) : null;
  const mayRevealBank = canSeeWholeBankAccount(state.viewer, detail.user.id);
  return page<MemberPage>(
    { detail, names: await roleNames(state.db), editable, bank, mayRevealBank, error },
    { status, headers: { "cache-control": "no-store" } },
  );
}

export const handler = define.handlers({
  async GET({ state, params }) {
    const answer = await load(state, params.id);
    await recordMemberRead(state.db, state.viewer, answer.data.detail.user.id);
    return answer;
  },
  async POST({ req, state, params, url }) {
    const id = Id.safeParse(params.id);
    if (!id.success) throw new HttpError(404, "error.404");
    const { body } = await readBody(req);
    if (body.action === "show_bank") {
      // SPEC §3 Bank: an administrator reads the whole number on purpose; the reading is audit-logged.
      const whole = await revealBankAccount(state.db, state.viewer, id.data);
      return load(state, params.id, undefined, 200, whole);
    }
    const parsed = Decision.safeParse(body);
    if (!parsed.success) {
      const first = Object.values(fieldErrors(parsed.error)).flat()[0] ?? "error.validation";
      return load(state, params.id, state.t(first as MessageKey), 422);
    }
    try {
      const done = await decide(state.db, state.config, state.viewer, id.data, parsed.data);
      const res = redirect(href(state, url.pathname));
      res.headers.append("set-cookie", flashCookie(done, state.https));
      return res;
    } catch (err) {
      if (err instanceof HttpError && err.status === 404) throw err;
      const refusal = formRefusal(err, state.t);
      return load(state, params.id, refusal.message, refusal.status);
    }
  },
});

export default define.page<typeof handler>(({ data, state, url }) => {
  const { t } = state;
  const { detail } = data;
  const action = href(state, url.pathname);
  const title = detail.user.nameEn && detail.user.nameEn !== detail.user.name
    ? `${detail.user.name} (${detail.user.nameEn})`
    : detail.user.name;
  return (
    <>
      <ManageHeader
        state={state}
        title={title}
        trail={[{ label: t("manage.nav.user"), href: href(state, "/management/user") }]}
        actions={<a class="button button-ghost" href={href(state, "/management/user")}>{t("manage.backToList")}</a>}
      />
      {data.error && <Alert kind="error">{data.error}</Alert>}
      {!data.editable && <Alert kind="info">{t("manage.readOnly")}</Alert>}
      <MemberInfo state={state} detail={detail} />
      <MemberRoles state={state} detail={detail} names={data.names} action={action} editable={data.editable} />
      <MemberChanges state={state} detail={detail} names={data.names} action={action} editable={data.editable} />
      <JudgeRecords state={state} detail={detail} />
      <MemberBank state={state} bank={data.bank} action={action} mayReveal={data.mayRevealBank} />
      <AccountActions state={state} detail={detail} action={action} editable={data.editable} />
      <AuditTrail state={state} detail={detail} />
    </>
  );
});
