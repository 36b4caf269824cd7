// /mypage/certificates (SPEC §2.5 my page: certificates): the prize certificates and letters of appointment
// I hold, live or revoked, with their print page and verification link.
import { inArray } from "drizzle-orm";
import { page } from "../../framework/define.ts";
import { type MyCertificate, MyCertificatesPage } from "../../components/judging/mypage.tsx";
import { awards } from "../../db/schema/award.ts";
import { certificateCode, myCertificates } from "../../domain/judging/certificates.ts";
import { requireSignedIn } from "../../domain/member/guard.ts";
import { define, href, type RouteConfig } from "../../state.ts";

export const config: RouteConfig = { access: "signed-in" };

export const handler = define.handlers({
  async GET({ state }) {
    requireSignedIn(state.viewer);
    state.layout = "authenticated";
    state.title = state.t("mypage.section.certificates");
    const rows = await myCertificates(state.db, state.viewer);
    // myCertificates answers award certificates (a course's completion is in my page supports).
    const ids = [...new Set(rows.map((r) => r.awardId).filter((id): id is number => id !== null))];
    const list = ids.length ? await state.db.select().from(awards).where(inArray(awards.id, ids)) : [];
    const data: MyCertificate[] = [];
    for (const row of rows) {
      const award = list.find((a) => a.id === row.awardId)!;
      data.push({
        row,
        award: state.locale === "en" && award.titleEn ? award.titleEn : award.title,
        verify: href(state, `/certificate/${await certificateCode(state.certificateSecret, row)}`),
      });
    }
    return page<MyCertificate[]>(data, { headers: { "cache-control": "no-store" } });
  },
});

export default define.page<typeof handler>(({ data, state }) => <MyCertificatesPage state={state} data={data} />);
