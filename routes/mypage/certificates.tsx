// /mypage/certificates (SPEC §2.5 my page: certificates): the prize certificates, letters of appointment and
// certificates of completion I hold, live or revoked, with their print page and verification link.
import { eq, inArray } from "drizzle-orm";
import { page } from "../../framework/define.ts";
import { type MyCertificate, MyCertificatesPage } from "../../components/judging/mypage.tsx";
import { awards } from "../../db/schema/award.ts";
import { applications, programmes } from "../../db/schema/programme.ts";
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
    // Each certificate names its award, or for a certificate of completion its course.
    const awardIds = [...new Set(rows.map((r) => r.awardId).filter((id): id is number => id !== null))];
    const applicationIds = rows.map((r) => r.applicationId).filter((id): id is number => id !== null);
    const awardList = awardIds.length ? await state.db.select().from(awards).where(inArray(awards.id, awardIds)) : [];
    const courses = applicationIds.length
      ? await state.db.select({ id: applications.id, title: programmes.title, titleEn: programmes.titleEn })
        .from(applications).innerJoin(programmes, eq(programmes.id, applications.programmeId))
        .where(inArray(applications.id, applicationIds))
      : [];
    const titled = (found?: { title: string; titleEn: string }) =>
      !found ? "–" : state.locale === "en" && found.titleEn ? found.titleEn : found.title;
    const data: MyCertificate[] = [];
    for (const row of rows) {
      data.push({
        row,
        award: titled(
          row.awardId !== null
            ? awardList.find((a) => a.id === row.awardId)
            : courses.find((c) => c.id === row.applicationId),
        ),
        verify: href(state, `/certificate/${await certificateCode(state.certificateSecret, row)}`),
      });
    }
    return page<MyCertificate[]>(data, { headers: { "cache-control": "no-store" } });
  },
});

export default define.page<typeof handler>(({ data, state }) => <MyCertificatesPage state={state} data={data} />);
