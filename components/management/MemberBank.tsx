// The member's payout account on the management member screen (issue 21 §2): masked, with the "show" action
// for those the permissions module lets see it whole (each reading audit-logged by the route).
import type { BankAccountView } from "../../domain/member/bank.ts";
import type { State } from "../../state.ts";
import { DateText } from "./Labels.tsx";
import { ActionForm, Info } from "./UserDetail.tsx";

/** The member's payout account, masked; an administrator may ask for the whole number (audit-logged). */
export function MemberBank(
  { state, bank, action, mayReveal }: {
    state: State;
    bank: BankAccountView | null;
    action: string;
    mayReveal: boolean;
  },
) {
  const { t } = state;
  return (
    <section class="manage-section" aria-labelledby="member-bank">
      <h2 class="manage-section-title" id="member-bank">{t("bank.title")}</h2>
      {!bank ? <p>{t("bank.none")}</p> : (
        <>
          <dl class="detail-list">
            <Info label={t("bank.fields.bank")}>{bank.bank_name}</Info>
            <Info label={t("bank.fields.accountNumber")}>
              <span class="account-number">{bank.account_number}</span>
            </Info>
            <Info label={t("bank.fields.holder")}>{bank.holder}</Info>
            <Info label={t("bank.updatedAt")}>
              <DateText state={state} value={new Date(bank.updated_at)} />
            </Info>
          </dl>
          {bank.masked && mayReveal && (
            <ActionForm state={state} action={action} fields={{ action: "show_bank" }}>
              <button type="submit" class="button button-secondary button-sm">{t("bank.show")}</button>{" "}
              <span class="hint">{t("bank.showHint")}</span>
            </ActionForm>
          )}
        </>
      )}
    </section>
  );
}
