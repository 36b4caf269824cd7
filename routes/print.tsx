// /print (SPEC §2.1, issue 11 part 7): a certificate as an A4 print page — the prize certificate of a ranked
// entry or a judge's letter of appointment — in Korean, English or both, with its serial and a QR code of
// its verification page. Only its holder and administrators print it (another member's: 403).
import { z } from "zod";
import { page } from "../framework/define.ts";
import { CertificateSheet, type SheetData } from "../components/judging/certificate.tsx";
import { certificateCode, certificateToPrint, certificateView } from "../domain/judging/certificates.ts";
import { certificateQr } from "../domain/judging/print.ts";
import { requireSignedIn } from "../domain/member/guard.ts";
import { parseQuery } from "../domain/validation.ts";
import { define, type RouteConfig } from "../state.ts";

export const config: RouteConfig = { access: "signed-in" };

export const PrintQuery = z.object({
  certificate: z.coerce.number().int().min(1).max(2_147_483_647),
  lang: z.enum(["ko", "en", "both"]).optional(),
});

export const handler = define.handlers({
  async GET({ state, url }) {
    requireSignedIn(state.viewer);
    const q = parseQuery(PrintQuery, url);
    const row = await certificateToPrint(state.db, state.viewer, q.certificate);
    const view = await certificateView(state.db, row);
    const code = await certificateCode(state.certificateSecret, row);
    const { url: verifyUrl, size, path } = certificateQr(state.config.publicUrl, code);
    state.layout = "print";
    state.title = state.t("judging.certificate.title");
    return page<SheetData>({
      view,
      lang: q.lang ?? (state.locale === "en" ? "en" : "both"),
      qr: { size, path },
      verifyUrl,
    }, {
      headers: { "cache-control": "no-store" },
    });
  },
});

export default define.page<typeof handler>(({ data, state }) => <CertificateSheet state={state} data={data} />);
