// A tree with every component of the catalogue, in Korean and in English: the seed's showcase page
// (issue 15 §6) and the style guide's component section (/style) are built from it, and a unit test
// checks that it covers the whole catalogue and passes the tree check.
import type { BuilderNode } from "./tree.ts";

type Lang = "ko" | "en";

export function everyComponentTree(lang: Lang, blockId = 1): BuilderNode[] {
  const ko = lang === "ko";
  const s = (k: string, e: string) => (ko ? k : e);
  const slides = [1, 2, 3].map((n) => ({
    src: `/images/builder/slide-${n}.svg`,
    alt: s(`장식 그림 ${n}`, `Decorative picture ${n}`),
    caption: s(`슬라이드 ${n}`, `Slide ${n}`),
  }));
  return [
    {
      id: "sc-hero",
      type: "section",
      props: { title: "", tone: "accent" },
      children: [
        { id: "sc-h", type: "heading", props: { text: s("모든 구성 요소", "Every component"), level: "2" } },
        {
          id: "sc-t",
          type: "text",
          props: {
            html: s(
              "<p>이 페이지는 페이지 빌더의 <strong>모든 구성 요소</strong>를 보여 줍니다. 관리자는 HTML 없이 이 요소들로 페이지를 만듭니다.</p>",
              "<p>This page shows <strong>every component</strong> of the page builder. Administrators build pages from them without writing HTML.</p>",
            ),
          },
        },
        {
          id: "sc-b",
          type: "button",
          props: { label: s("공모전 보기", "See the contests"), href: "/contest", variant: "primary" },
        },
      ],
    },
    {
      id: "sc-slider",
      type: "slider",
      props: { label: s("센터 소식 슬라이드", "Centre news slides"), slides, interval: 5000 },
    },
    {
      id: "sc-cols",
      type: "columns",
      props: { ratio: "1-1" },
      children: [
        {
          id: "sc-col1",
          type: "column",
          props: {},
          children: [
            { id: "sc-h3", type: "heading", props: { text: s("최근 공지사항", "Latest notices"), level: "3" } },
            { id: "sc-notices", type: "notices", props: { board: "notice", count: 5 } },
          ],
        },
        {
          id: "sc-col2",
          type: "column",
          props: {},
          children: [
            { id: "sc-h3b", type: "heading", props: { text: s("다가오는 일정", "Upcoming events"), level: "3" } },
            { id: "sc-events", type: "events", props: { count: 5 } },
          ],
        },
      ],
    },
    { id: "sc-award-h", type: "heading", props: { text: s("진행 중인 어워드", "The current award"), level: "3" } },
    { id: "sc-award", type: "award", props: { family: "award" } },
    { id: "sc-contests-h", type: "heading", props: { text: s("모집 중인 공모전", "Open contests"), level: "3" } },
    { id: "sc-contests", type: "contests", props: { count: 4 } },
    { id: "sc-gallery-h", type: "heading", props: { text: s("사진 갤러리", "Photo gallery"), level: "3" } },
    { id: "sc-gallery", type: "gallery", props: { kind: "photo", count: 6 } },
    { id: "sc-div", type: "divider", props: {} },
    {
      id: "sc-grid",
      type: "grid",
      props: { columns: "3" },
      children: [
        {
          id: "sc-img",
          type: "image",
          props: {
            src: "/images/builder/slide-1.svg",
            alt: s("파란 도형", "Blue shapes"),
            caption: s("이미지", "Image"),
            href: "",
          },
        },
        {
          id: "sc-list",
          type: "list",
          props: { items: s("어워드|공모전|기업 지원", "Award|Contests|Business support").split("|"), ordered: false },
        },
        {
          id: "sc-olist",
          type: "list",
          props: { items: s("신청|심사|발표", "Apply|Judging|Results").split("|"), ordered: true },
        },
      ],
    },
    { id: "sc-space", type: "spacer", props: { size: "m" } },
    {
      id: "sc-table",
      type: "table",
      props: {
        caption: s("운영 시간", "Opening hours"),
        header: s("요일|시간", "Day|Hours").split("|"),
        rows: [
          s("평일|09:00–18:00", "Weekdays|09:00–18:00").split("|"),
          s("토요일|휴무", "Saturday|Closed").split("|"),
        ],
      },
    },
    {
      id: "sc-tabs",
      type: "tabs",
      props: {},
      children: [
        {
          id: "sc-tab1",
          type: "tab",
          props: { label: s("찾아오는 길", "Directions") },
          children: [
            {
              id: "sc-map",
              type: "map",
              props: {
                label: s("한빛지역디자인센터", "Hanbit Regional Design Center"),
                address: "서울특별시 중구 세종대로 110",
                provider: "kakao",
              },
            },
          ],
        },
        {
          id: "sc-tab2",
          type: "tab",
          props: { label: s("소개 영상", "Introduction video") },
          children: [
            {
              id: "sc-video",
              type: "video",
              props: { title: s("센터 소개", "About the centre"), url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" },
            },
          ],
        },
      ],
    },
    { id: "sc-content", type: "content", props: { block: blockId } },
    {
      id: "sc-secondary",
      type: "button",
      props: { label: s("문의하기", "Contact us"), href: "mailto:info@design-center.example", variant: "secondary" },
    },
  ];
}
