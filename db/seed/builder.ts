// Demo of the page builder (issue 15 §6): a content block, and builder pages published through the same
// functions the builder uses — on www the showcase with every component (/showcase), on the IBDA site a
// news page of live components (/news), each in Korean and English with a first version and a newer one,
// so the version list and rollback have something to show.
import { eq } from "drizzle-orm";
import type { Tx } from "../client.ts";
import { users } from "../schema/member.ts";
import { pages } from "../schema/site.ts";
import { createBlock } from "../../domain/builder/content.ts";
import { everyComponentTree } from "../../domain/builder/samples.ts";
import { parseTrees } from "../../domain/builder/tree.ts";
import { publishDraft } from "../../domain/builder/versions.ts";
import type { Viewer } from "../../domain/member/permissions.ts";
import type { SeedIds } from "../seed.ts";

export async function seedBuilder(tx: Tx, ids: SeedIds): Promise<void> {
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.username, "admin")).limit(1);
  const viewer: Viewer = { id: admin?.id ?? 0, roles: [] };
  const block = await createBlock(tx, ids.www, viewer.id, {
    title: "센터 이용 안내",
    title_en: "Visiting the centre",
    body: "<p>센터는 평일 오전 9시부터 오후 6시까지 문을 엽니다. 주차는 지하 2층을 이용해 주십시오.</p>",
    body_en: "<p>The centre is open on weekdays from 9 am to 6 pm. Please park on basement level 2.</p>",
  });

  const [showcase] = await tx.insert(pages).values({
    siteId: ids.www,
    path: "/showcase",
    title: "페이지 빌더 구성 요소 모음",
    titleEn: "Page builder components",
    layout: "sub",
    description: "페이지 빌더의 모든 구성 요소를 한 페이지에 모았습니다.",
    descriptionEn: "Every component of the page builder on one page.",
  }).returning({ id: pages.id });
  const first = parseTrees({ ko: everyComponentTree("ko", block).slice(0, 3), en: null });
  await publishDraft(tx, viewer, showcase.id, first);
  const full = parseTrees({ ko: everyComponentTree("ko", block), en: everyComponentTree("en", block) });
  await publishDraft(tx, viewer, showcase.id, full);

  const [news] = await tx.insert(pages).values({
    siteId: ids.ibda,
    path: "/news",
    title: "IBDA 소식",
    titleEn: "IBDA news",
    layout: "sub",
  }).returning({ id: pages.id });
  const tree = (ko: boolean) => [
    {
      id: "news-intro",
      type: "text",
      props: {
        html: ko
          ? "<p>IBDA의 진행 중인 어워드와 공지, 일정을 한곳에서 확인하십시오.</p>"
          : "<p>The current IBDA award, notices and events in one place.</p>",
      },
    },
    { id: "news-award", type: "award", props: { family: "ibda" } },
    {
      id: "news-cols",
      type: "columns",
      props: { ratio: "2-1" },
      children: [
        {
          id: "news-c1",
          type: "column",
          props: {},
          children: [
            { id: "news-h1", type: "heading", props: { text: ko ? "공지사항" : "Notices", level: "2" } },
            { id: "news-notices", type: "notices", props: { board: "notice", count: 5 } },
          ],
        },
        {
          id: "news-c2",
          type: "column",
          props: {},
          children: [
            { id: "news-h2", type: "heading", props: { text: ko ? "일정" : "Events", level: "2" } },
            { id: "news-events", type: "events", props: { count: 5 } },
          ],
        },
      ],
    },
  ];
  await publishDraft(tx, viewer, news.id, parseTrees({ ko: tree(true), en: tree(false) }));
}
