// /certificate/{code} (issue 11 part 7): anyone checks a certificate from its QR code. The code is the
// serial and the server's signature over the certificate's facts: an unknown serial, a forged signature or
// altered facts show 'not valid'; a withdrawn rank shows 'revoked'; otherwise holder, work, rank, award and
// date in both languages.
import { page } from "../../framework/define.ts";
import { VerificationPage, type VerifyData } from "../../components/judging/certificate.tsx";
import { verifyCertificate } from "../../domain/judging/certificates.ts";
import { define, type RouteConfig } from "../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, params }) {
    const code = String(params.code ?? "").slice(0, 100);
    const result = await verifyCertificate(state.db, state.certificateSecret, code);
    state.title = state.t("judging.certificate.verifyTitle");
    const data: VerifyData = result.state === "invalid" ? { state: "invalid", code } : result;
    // A code that is not a valid certificate is answered 404, so nothing can tell a forgery from a typo.
    return page<VerifyData>(data, {
      status: result.state === "invalid" ? 404 : 200,
      headers: { "cache-control": "no-store", "x-robots-tag": "noindex" },
    });
  },
});

export default define.page<typeof handler>(({ data, state }) => <VerificationPage state={state} data={data} />);
