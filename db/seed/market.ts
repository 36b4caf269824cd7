// Demo market (issue 18 §6): design goods and intellectual property in every sell status (waiting, on sale,
// banned, sold), purchase requests in every state (requested, on_going, finished, canceled), and the products
// registered from the flagged entries of the latest award whose results are published (auto-registration, as
// publishing does it). Sellers are `company` (design goods) and `member` (IP); buyers `member`, `tester`,
// `company`. Pictures are made with sharp and stored through the files domain like the award seed's.
import { desc, inArray } from "drizzle-orm";
import type { Tx } from "../client.ts";
import { marketProducts, marketRequests } from "../schema/market.ts";
import { users } from "../schema/member.ts";
import { awardResults } from "../schema/judging.ts";
import type { FileStore } from "../../domain/file/storage.ts";
import type { CheckedUpload } from "../../domain/file/upload.ts";
import { registerFromAward } from "../../domain/market/auto-register.ts";
import type { ProductStatus, RequestStatus } from "../../domain/market/options.ts";
import { NO_STORE, SeedFiles, seedPicture, seedUpload } from "./images.ts";

const DAY = 24 * 60 * 60 * 1000;

/** A one-page PDF (catalog, pages, cross-reference with true offsets), the demo IP documents. */
function demoPdf(): Uint8Array {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>",
  ];
  let text = "%PDF-1.4\n";
  const offsets = objects.map((body, i) => {
    const at = text.length;
    text += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  text += offsets.map((at) => `${String(at).padStart(10, "0")} 00000 n \n`).join("");
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(text);
}

interface ProductSeed {
  key: string;
  type: "design" | "intellect";
  category: string;
  title: string;
  titleEn: string;
  summary: string;
  summaryEn: string;
  price: number;
  status: ProductStatus;
  rightsNumber?: string;
  applicationDate?: string;
  rejectReason?: string;
  /** Buyers' requests: [buyer account, status]. */
  requests?: [string, RequestStatus][];
}

const DESIGN: ProductSeed[] = [
  {
    key: "lamp",
    type: "design",
    category: "product",
    title: "한지 무드등",
    titleEn: "Hanji mood lamp",
    summary: "전통 한지로 빛을 부드럽게 퍼뜨리는 탁상 조명입니다.",
    summaryEn: "A table lamp that softens light through traditional hanji paper.",
    price: 89_000,
    status: "approved",
    requests: [["member", "requested"], ["tester", "requested"]],
  },
  {
    key: "poster",
    type: "design",
    category: "communication",
    title: "한빛시 관광 포스터 세트",
    titleEn: "Hanbit City travel poster set",
    summary: "한빛시의 사계절을 담은 포스터 4종 세트입니다.",
    summaryEn: "Four posters of Hanbit City through the seasons.",
    price: 45_000,
    status: "approved",
    requests: [["member", "on_going"], ["tester", "canceled"]],
  },
  {
    key: "bowl",
    type: "design",
    category: "craft",
    title: "옻칠 나무 그릇",
    titleEn: "Lacquered wooden bowl",
    summary: "지역 장인이 옻칠로 마감한 생활 그릇입니다.",
    summaryEn: "An everyday bowl finished with lacquer by a local craftsman.",
    price: 120_000,
    status: "finished",
    requests: [["tester", "finished"], ["member", "canceled"]],
  },
  {
    key: "scarf",
    type: "design",
    category: "fashion",
    title: "단청 무늬 스카프",
    titleEn: "Dancheong pattern scarf",
    summary: "단청의 색과 무늬를 살린 실크 스카프입니다.",
    summaryEn: "A silk scarf in the colours and patterns of dancheong.",
    price: 0,
    status: "approved",
  },
  {
    key: "bench",
    type: "design",
    category: "environment",
    title: "모듈형 공원 벤치",
    titleEn: "Modular park bench",
    summary: "공원과 정류장에 맞게 길이를 바꿀 수 있는 벤치입니다.",
    summaryEn: "A bench whose length fits parks and bus stops.",
    price: 2_400_000,
    status: "waiting",
  },
  {
    key: "copy",
    type: "design",
    category: "product",
    title: "유명 캐릭터 복제 인형",
    titleEn: "Copied character doll",
    summary: "다른 회사의 캐릭터를 본뜬 인형입니다.",
    summaryEn: "A doll copying another company's character.",
    price: 15_000,
    status: "rejected",
    rejectReason: "다른 회사의 저작권을 침해할 우려가 있어 판매를 금지합니다.",
  },
];

const INTELLECT: ProductSeed[] = [
  {
    key: "chair-design",
    type: "intellect",
    category: "design_right",
    title: "접이식 의자 디자인권",
    titleEn: "Folding chair design right",
    summary: "등록된 접이식 의자 디자인의 권리를 양도합니다.",
    summaryEn: "Transfer of a registered folding chair design.",
    price: 5_000_000,
    status: "approved",
    rightsNumber: "30-1187654",
    applicationDate: "2022-03-14",
    requests: [["company", "requested"], ["tester", "on_going"]],
  },
  {
    key: "hinge-patent",
    type: "intellect",
    category: "patent",
    title: "자동 닫힘 경첩 특허",
    titleEn: "Self-closing hinge patent",
    summary: "문이 조용히 닫히는 경첩 구조에 관한 특허입니다.",
    summaryEn: "A patent on a hinge that closes doors quietly.",
    price: 30_000_000,
    status: "approved",
    rightsNumber: "10-2023-0045678",
    applicationDate: "2023-04-02",
  },
  {
    key: "cup-utility",
    type: "intellect",
    category: "utility",
    title: "겹쳐 쌓는 컵 실용신안",
    titleEn: "Stacking cup utility model",
    summary: "겹쳐 쌓아도 붙지 않는 컵 구조입니다.",
    summaryEn: "A cup shape that never sticks when stacked.",
    price: 3_000_000,
    status: "finished",
    rightsNumber: "20-0491234",
    applicationDate: "2020-09-21",
    requests: [["company", "finished"]],
  },
  {
    key: "logo-trademark",
    type: "intellect",
    category: "trademark",
    title: "한빛 공방 상표",
    titleEn: "Hanbit Workshop trademark",
    summary: "공방 브랜드 상표의 사용권을 허락합니다.",
    summaryEn: "A licence to use a workshop brand trademark.",
    price: 800_000,
    status: "waiting",
    rightsNumber: "40-2025-0012345",
    applicationDate: "2025-01-10",
  },
  {
    key: "fake-patent",
    type: "intellect",
    category: "patent",
    title: "확인되지 않은 특허",
    titleEn: "Unverified patent",
    summary: "증빙이 맞지 않는 특허 매물입니다.",
    summaryEn: "A patent listing whose document does not match.",
    price: 10_000_000,
    status: "rejected",
    rightsNumber: "10-1234567",
    applicationDate: "2019-05-05",
    rejectReason: "증빙 서류의 권리 번호와 입력한 번호가 다릅니다.",
  },
];

export interface MarketSeedOptions {
  store?: FileStore;
  now?: Date;
}

export async function seedMarket(tx: Tx, options: MarketSeedOptions = {}): Promise<void> {
  const now = options.now ?? new Date();
  const files = new SeedFiles(tx, options.store ?? NO_STORE, () => {});
  const accounts = await tx.select({ id: users.id, username: users.username }).from(users)
    .where(inArray(users.username, ["member", "tester", "company", "admin"]));
  const idOf = (username: string) => accounts.find((a) => a.username === username)!.id;
  const pictures = await Promise.all(Array.from({ length: 4 }, (_, i) => seedPicture(1200, 900, 20 + i * 80, 11 + i)));
  const pdf = demoPdf();

  let n = 0;
  for (const seed of [...DESIGN, ...INTELLECT]) {
    n++;
    const seller = seed.type === "design" ? idOf("company") : idOf("member");
    const open = seed.status === "approved" || seed.status === "finished";
    const picture = async (i: number) =>
      (await files.save(
        seedUpload(`${seed.key}-${i}.jpg`, pictures[(n + i) % pictures.length], 1200, 900),
        { purpose: "market_image", access: open ? "public" : "owner", ownerId: seller },
        tx,
      )).id;
    const thumbnailId = await picture(0);
    const imageIds = [await picture(1)];
    let ipFileId: number | null = null;
    if (seed.type === "intellect") {
      const upload: CheckedUpload = {
        name: `${seed.key}.pdf`,
        kind: "pdf",
        mimetype: "application/pdf",
        bytes: pdf,
        width: null,
        height: null,
        colorSpace: null,
        density: null,
      };
      ipFileId = (await files.save(upload, { purpose: "market_ip", access: "owner", ownerId: seller }, tx)).id;
    }
    const created = new Date(now.getTime() - (40 - n) * DAY);
    const decided = seed.status === "waiting" ? null : new Date(created.getTime() + DAY);
    const [product] = await tx.insert(marketProducts).values({
      sellerId: seller,
      type: seed.type,
      category: seed.category,
      title: seed.title,
      titleEn: seed.titleEn,
      summary: seed.summary,
      summaryEn: seed.summaryEn,
      description: `${seed.summary} 자세한 사양과 거래 조건은 구매 요청을 보내 주시면 안내해 드립니다.`,
      descriptionEn: `${seed.summaryEn} Send a purchase request for the full specification and terms.`,
      thumbnailId,
      imageIds,
      ipFileId,
      rightsNumber: seed.rightsNumber ?? "",
      applicationDate: seed.applicationDate ?? null,
      price: seed.price,
      status: seed.status,
      rejectReason: seed.rejectReason ?? "",
      decidedAt: decided,
      decidedBy: decided ? idOf("admin") : null,
      soldAt: seed.status === "finished" ? new Date(now.getTime() - (n % 5) * 30 * DAY) : null,
      requestCount: seed.requests?.length ?? 0,
      createdAt: created,
      updatedAt: created,
    }).returning({ id: marketProducts.id });
    if (seed.requests?.length) {
      await tx.insert(marketRequests).values(seed.requests.map(([buyer, status], i) => {
        const at = new Date(created.getTime() + (2 + i) * DAY);
        return {
          productId: product.id,
          buyerId: idOf(buyer),
          message: "구매하고 싶습니다. 수량과 배송 일정을 알려 주십시오.",
          contact: `${buyer}@example.test`,
          status,
          forwardedAt: status === "on_going" || status === "finished" ? at : null,
          finishedAt: status === "finished" ? at : null,
          canceledAt: status === "canceled" ? at : null,
          createdAt: at,
          updatedAt: at,
        };
      }));
    }
  }

  // The newest award with published results registers its flagged entries, as publishing does.
  const [published] = await tx.select({ awardId: awardResults.awardId }).from(awardResults)
    .orderBy(desc(awardResults.publishedAt)).limit(1);
  if (published) await registerFromAward(tx, published.awardId, now);
}
