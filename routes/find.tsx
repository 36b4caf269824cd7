// /find (SPEC §2.1): find the user ID by name and e-mail. The ID goes by mail in the member's language;
// the screen says the same thing whether or not anyone matched (ASVS 6.3.8). Works without JavaScript.
import { mailRequestRoute } from "../components/member/mail-request-route.tsx";
import { FindInput, findUsername } from "../domain/member/find.ts";

const route = mailRequestRoute({
  path: "/find",
  fields: ["name", "email"],
  schema: FindInput,
  send: (state, input) => findUsername(state.db, state.config, input, state.clientIp),
  texts: {
    title: "account.find.title",
    lead: "account.find.lead",
    sent: "account.find_sent",
    submit: "account.find.submit",
  },
  other: { path: "/password/forgot", label: "auth.forgotPassword" },
});

export const handler = route.handler;
export default route.Page;
