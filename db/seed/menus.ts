// Menu trees of the demo sites. A top-level item links to its first child (or its section page).
import type { MenuSeed } from "./types.ts";

export const WWW_MENU: readonly MenuSeed[] = [
  {
    title: "센터 소개",
    titleEn: "About",
    url: "/about/greeting",
    children: [
      { title: "인사말", titleEn: "Welcome", url: "/about/greeting" },
      { title: "연혁", titleEn: "History", url: "/about/history" },
      { title: "조직도", titleEn: "Organization", url: "/about/organization" },
      { title: "오시는 길", titleEn: "Directions", url: "/about/location" },
      { title: "직원 업무 안내", titleEn: "Staff Guide", url: "/about/internal-guide", hidden: true },
    ],
  },
  {
    title: "디자인 어워드",
    titleEn: "Design Award",
    url: "/award/overview",
    children: [
      { title: "어워드 개요", titleEn: "Overview", url: "/award/overview" },
      { title: "추진 일정", titleEn: "Schedule", url: "/award/schedule" },
      { title: "연도별 수상작", titleEn: "Winners", url: "/award" },
      { title: "출품 신청", titleEn: "Submit an Entry", url: "/entry" },
    ],
  },
  {
    title: "공모전",
    titleEn: "Contests",
    url: "/contest",
    children: [
      { title: "진행 중인 공모전", titleEn: "Open Contests", url: "/contest" },
      { title: "지난 공모전", titleEn: "Past Contests", url: "/contest/closed" },
      { title: "공모전 개최 안내", titleEn: "Host a Contest", url: "/contest/host" },
    ],
  },
  {
    title: "기업 지원",
    titleEn: "Business Support",
    url: "/support/intro",
    children: [
      { title: "지원사업 소개", titleEn: "Programmes", url: "/support/intro" },
      { title: "지원사업 공고", titleEn: "Calls for Applications", url: "/support" },
    ],
  },
  {
    title: "디자인 마켓",
    titleEn: "Design Market",
    url: "/market/design",
    children: [
      { title: "디자인 상품", titleEn: "Design Goods", url: "/market/design" },
      { title: "지식재산 상품", titleEn: "Design IP", url: "/market/intellect" },
    ],
  },
  {
    title: "일자리",
    titleEn: "Jobs",
    url: "/job/recruit",
    children: [
      { title: "채용 정보", titleEn: "Job Openings", url: "/job/recruit" },
      { title: "인재 정보", titleEn: "Find Designers", url: "/job/search" },
    ],
  },
  {
    title: "재능 나눔",
    titleEn: "Talent Sharing",
    url: "/share/donate",
    children: [
      { title: "재능 기부", titleEn: "Offer Your Skills", url: "/share/donate" },
      { title: "재능 요청", titleEn: "Request Help", url: "/share/request" },
    ],
  },
  {
    title: "게시판",
    titleEn: "Boards",
    url: "/board/free",
    children: [
      { title: "자유게시판", titleEn: "Open Forum", url: "/board/free" },
      { title: "묻고 답하기", titleEn: "Q&A", url: "/board/qna" },
      { title: "자료실", titleEn: "Resources", url: "/board/archive" },
    ],
  },
  {
    title: "갤러리",
    titleEn: "Gallery",
    url: "/gallery/designer",
    children: [
      { title: "디자이너 갤러리", titleEn: "Designers", url: "/gallery/designer" },
      { title: "포토 갤러리", titleEn: "Photos", url: "/gallery/photo" },
      { title: "영상 갤러리", titleEn: "Videos", url: "/gallery/video" },
    ],
  },
  {
    title: "교육",
    titleEn: "Education",
    url: "/education/intro",
    children: [
      { title: "교육 안내", titleEn: "About Our Courses", url: "/education/intro" },
      { title: "교육 과정 신청", titleEn: "Course Registration", url: "/education" },
    ],
  },
  {
    title: "알림마당",
    titleEn: "News",
    url: "/notice",
    children: [
      { title: "공지사항", titleEn: "Notices", url: "/notice" },
      { title: "행사 일정", titleEn: "Events", url: "/notice/events" },
      { title: "보도자료", titleEn: "Press Releases", url: "/notice/press" },
    ],
  },
];

export const IBDA_MENU: readonly MenuSeed[] = [
  { title: "IBDA 소개", titleEn: "About IBDA", url: "/about" },
  { title: "추진 일정", titleEn: "Schedule", url: "/ibda#schedule" },
  { title: "공모 부문", titleEn: "Categories", url: "/categories" },
  { title: "수상작", titleEn: "Winners", url: "/ibda#years" },
  { title: "공지사항", titleEn: "Notices", url: "/notice" },
];
