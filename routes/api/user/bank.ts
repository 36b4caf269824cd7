// GET /api/user/bank: the signed-in member's own payout account, whole ({ bank: null } when none).
// POST /api/user/bank (JSON or a form, with `current_password`): sets it; 422 with field keys for a bad bank,
// number or holder and for a missing or wrong password. Only the caller's own account is ever read or
// written (domain/member/bank.ts); the change is in the audit log.
import { bankJson, changeOwnBankAccount, readOwnBankAccount } from "../../../domain/member/bank.ts";
import { readBody } from "../../../domain/request.ts";
import { define, type RouteConfig } from "../../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

const NO_STORE = { "cache-control": "no-store" };

export const handler = define.handlers({
  async GET({ state }) {
    const row = await readOwnBankAccount(state.db, state.viewer);
    return Response.json({ bank: row ? bankJson(row, state.locale, true) : null }, { headers: NO_STORE });
  },
  async POST({ req, state }) {
    const row = await changeOwnBankAccount(state.db, state.viewer, (await readBody(req)).body);
    return Response.json({ bank: bankJson(row, state.locale, true) }, { headers: NO_STORE });
  },
});
