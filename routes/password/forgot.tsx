// /password/forgot (SPEC §2.5 Password, step 1): asks for the e-mail address and mails a reset link. The
// answer never tells whether the address is registered (ASVS 6.3.8). Works without JavaScript: the form
// posts here and the answer is a redirect to ?sent=1 (so a reload does not send again).
import { mailRequestRoute } from "../../components/member/mail-request-route.tsx";
import { EmailInput, requestPasswordReset } from "../../domain/member/password-reset.ts";

const route = mailRequestRoute({
  path: "/password/forgot",
  fields: ["email"],
  schema: EmailInput,
  send: (state, input) => requestPasswordReset(state.db, state.config, input.email, state.clientIp),
  texts: {
    title: "account.forgot.title",
    lead: "account.forgot.lead",
    sent: "account.reset_sent",
    submit: "account.forgot.submit",
  },
  other: { path: "/find", label: "auth.findId" },
});

export const handler = route.handler;
export default route.Page;
