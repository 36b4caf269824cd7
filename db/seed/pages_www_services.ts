// Content pages of the `www` site: the design award, business support and education introductions.
import type { PageSeed } from "./types.ts";

const awardOverview: PageSeed = {
  path: "/award/overview",
  layout: "sub",
  title: "어워드 개요",
  titleEn: "Award Overview",
  description: "2026 제18회 한빛국제디자인어워드의 출품 자격, 부문, 시상 내역, 심사 기준을 안내합니다.",
  descriptionEn: "Eligibility, categories, prizes and judging criteria of the 18th Hanbit International Design Award.",
  content: `<p class="lead">한빛국제디자인어워드는 2009년 시작된 국제 디자인 공모로, 올해 18회를 맞았습니다.</p>
<p>기업, 디자이너, 학생 누구나 국적에 관계없이 출품할 수 있습니다. 수상작은 센터 전시관과 온라인 전시로 소개되며, 원하는 경우 디자인 마켓에 상품으로 등록할 수 있습니다.</p>
<h2>공모 개요</h2>
<table class="table">
<tbody>
<tr><th scope="row">명칭</th><td>2026 제18회 한빛국제디자인어워드</td></tr>
<tr><th scope="row">주최·주관</th><td>한빛시, 한빛지역디자인센터</td></tr>
<tr><th scope="row">후원</th><td>한빛상공회의소, 한빛디자인협회</td></tr>
<tr><th scope="row">출품 자격</th><td>기업, 일반, 학생 (국적 제한 없음)</td></tr>
<tr><th scope="row">출품 부문</th><td>제품, 커뮤니케이션, 공예, 환경, 패션, 서비스 디자인</td></tr>
<tr><th scope="row">출품료</th><td>기업 1점당 150,000원(USD 120), 일반·학생 무료</td></tr>
</tbody>
</table>
<h2>시상 내역</h2>
<ul>
<li>대상 1점 — 상금 1,000만 원, 상패</li>
<li>금상 3점 — 상금 각 300만 원</li>
<li>은상 6점, 동상 10점 — 상장</li>
<li>특선·입선 — 상장, 온라인 전시</li>
</ul>
<h2>심사 기준</h2>
<ol>
<li>독창성: 새로운 관점과 아이디어</li>
<li>기능성: 사용자의 문제를 얼마나 잘 해결하는가</li>
<li>심미성: 형태, 색채, 완성도</li>
<li>지속 가능성: 환경과 사회에 미치는 영향</li>
</ol>
<div class="callout">2026 최종 결과가 11월 6일 발표되었습니다. 수상작 전시는 11월 20일부터 12월 6일까지 열립니다. <a href="/award">수상작 보기</a></div>`,
  contentEn:
    `<p class="lead">Founded in 2009, the Hanbit International Design Award celebrates its 18th edition this year.</p>
<p>Businesses, designers and students of any nationality are welcome to enter. Winning work is shown in our gallery and online, and winners can list their designs as products in the Design Market.</p>
<h2>At a glance</h2>
<table class="table">
<tbody>
<tr><th scope="row">Name</th><td>18th Hanbit International Design Award 2026</td></tr>
<tr><th scope="row">Organizers</th><td>Hanbit City and Hanbit Regional Design Center</td></tr>
<tr><th scope="row">Sponsors</th><td>Hanbit Chamber of Commerce, Hanbit Design Association</td></tr>
<tr><th scope="row">Who can enter</th><td>Companies, individuals and students, from any country</td></tr>
<tr><th scope="row">Categories</th><td>Product, Communication, Craft, Environment, Fashion and Service design</td></tr>
<tr><th scope="row">Entry fee</th><td>Companies: KRW 150,000 (USD 120) per entry. Free for individuals and students</td></tr>
</tbody>
</table>
<h2>Prizes</h2>
<ul>
<li>Grand Prize (1) — KRW 10 million and a trophy</li>
<li>Gold (3) — KRW 3 million each</li>
<li>Silver (6) and Bronze (10) — certificates</li>
<li>Special Mention and Selected — certificates and an online exhibition</li>
</ul>
<h2>Judging criteria</h2>
<ol>
<li>Originality: a fresh perspective and idea</li>
<li>Function: how well it solves a real problem for its users</li>
<li>Aesthetics: form, colour and finish</li>
<li>Sustainability: its impact on people and the planet</li>
</ol>
<div class="callout">The 2026 results were announced on 6 November. The winners' exhibition runs from 20 November to 6 December. <a href="/en/award">See the winners</a></div>`,
};

const awardSchedule: PageSeed = {
  path: "/award/schedule",
  layout: "sub",
  title: "추진 일정",
  titleEn: "Schedule",
  description: "2026 제18회 한빛국제디자인어워드의 접수, 심사, 발표, 전시 일정입니다.",
  descriptionEn: "Key dates of the 18th Hanbit International Design Award 2026.",
  content: `<p class="lead">2026 제18회 한빛국제디자인어워드 일정입니다. 모든 시각은 한국 시간 기준입니다.</p>
<ol class="timeline">
<li><time datetime="2026-06-01">2026.06.01</time>~<time datetime="2026-08-31">08.31</time> 온라인 출품 접수</li>
<li><time datetime="2026-09-15">09.15</time>~<time datetime="2026-09-26">09.26</time> 1차 온라인 심사</li>
<li><time datetime="2026-10-02">10.02</time> 1차 심사 결과 발표</li>
<li><time datetime="2026-10-05">10.05</time>~<time datetime="2026-10-16">10.16</time> 실물 작품 제출</li>
<li><time datetime="2026-10-27">10.27</time>~<time datetime="2026-10-29">10.29</time> 최종 심사</li>
<li><time datetime="2026-11-06">11.06</time> 최종 결과 발표</li>
<li><time datetime="2026-11-20">11.20</time>~<time datetime="2026-12-06">12.06</time> 시상식 및 수상작 전시</li>
</ol>
<div class="callout">실물 작품은 1차 심사를 통과한 작품만 제출합니다. 해외 출품자는 고해상도 이미지로 대신할 수 있습니다.</div>`,
  contentEn:
    `<p class="lead">Key dates for the 18th Hanbit International Design Award 2026. All times are Korea Standard Time.</p>
<ol class="timeline">
<li><time datetime="2026-06-01">2026.06.01</time>–<time datetime="2026-08-31">08.31</time> Online entries open</li>
<li><time datetime="2026-09-15">09.15</time>–<time datetime="2026-09-26">09.26</time> First round of judging (online)</li>
<li><time datetime="2026-10-02">10.02</time> First-round results</li>
<li><time datetime="2026-10-05">10.05</time>–<time datetime="2026-10-16">10.16</time> Physical works delivered</li>
<li><time datetime="2026-10-27">10.27</time>–<time datetime="2026-10-29">10.29</time> Final judging</li>
<li><time datetime="2026-11-06">11.06</time> Final results</li>
<li><time datetime="2026-11-20">11.20</time>–<time datetime="2026-12-06">12.06</time> Award ceremony and winners' exhibition</li>
</ol>
<div class="callout">Only works that pass the first round need to be delivered. Entrants outside Korea may send high-resolution images instead.</div>`,
};

const supportIntro: PageSeed = {
  path: "/support/intro",
  layout: "sub",
  title: "지원사업 소개",
  titleEn: "Business Support Programmes",
  description: "지역 중소기업을 위한 디자인 개발, 컨설팅, 해외 전시, 디자인권 출원 지원사업을 소개합니다.",
  descriptionEn: "Design development, consulting, trade show and design rights support for local small businesses.",
  content:
    `<p class="lead">지역 중소기업이 디자인을 경쟁력으로 삼을 수 있도록 기획부터 판로 개척까지 단계별로 지원합니다.</p>
<h2>주요 지원사업</h2>
<h3>디자인 개발 지원</h3>
<p>신제품, 포장, 브랜드 디자인 개발비를 과제당 최대 3,000만 원까지 지원합니다. 기업은 사업비의 30%를 부담합니다.</p>
<h3>디자인 전문가 컨설팅</h3>
<p>분야별 전문가가 기업을 방문해 제품과 브랜드를 진단하고 개선 방향을 제안합니다. 기업당 연 4회까지 무료입니다.</p>
<h3>해외 전시 참가 지원</h3>
<p>밀라노, 프랑크푸르트, 도쿄의 주요 디자인 전시회에 공동관으로 참가할 수 있도록 부스 임차료와 운송비를 지원합니다.</p>
<h3>디자인권 출원 지원</h3>
<p>개발한 디자인의 국내외 출원 비용을 건당 최대 200만 원까지 지원합니다.</p>
<h2>신청 대상</h2>
<ul>
<li>한빛시에 본사나 공장이 있는 중소기업</li>
<li>디자인 전문 기업(개발 지원사업의 수행 기관)</li>
</ul>
<h2>신청 절차</h2>
<ol>
<li>지원사업 공고 확인</li>
<li>홈페이지에서 온라인 신청</li>
<li>서류 및 발표 평가</li>
<li>협약 체결과 과제 수행</li>
<li>결과 보고와 사후 관리</li>
</ol>
<div class="callout">2027년 지원사업은 1월에 공고할 예정입니다. 11월 30일까지 사전 수요조사에 참여해 주십시오. <a href="/support">지원사업 공고 보기</a></div>`,
  contentEn:
    `<p class="lead">We support local small businesses at every step, from planning a design to finding new markets.</p>
<h2>Our programmes</h2>
<h3>Design development funding</h3>
<p>Up to KRW 30 million per project towards new product, packaging and brand design. The business covers 30% of the cost.</p>
<h3>Expert consulting</h3>
<p>Specialists visit your business, review your products and brand, and suggest where to improve. Up to four visits a year, free of charge.</p>
<h3>Overseas trade shows</h3>
<p>Join our joint pavilion at major design fairs in Milan, Frankfurt and Tokyo, with booth rental and shipping costs covered.</p>
<h3>Design rights</h3>
<p>Up to KRW 2 million per application towards registering your designs in Korea and abroad.</p>
<h2>Who can apply</h2>
<ul>
<li>Small and medium-sized businesses with a head office or factory in Hanbit</li>
<li>Design agencies, as delivery partners for development projects</li>
</ul>
<h2>How to apply</h2>
<ol>
<li>Read the call for applications</li>
<li>Apply online on this website</li>
<li>Document review and presentation</li>
<li>Sign the agreement and carry out the project</li>
<li>Report results and receive follow-up support</li>
</ol>
<div class="callout">Calls for 2027 open in January. Please tell us what you need in our survey by 30 November. <a href="/en/support">See current calls</a></div>`,
};

const educationIntro: PageSeed = {
  path: "/education/intro",
  layout: "sub",
  title: "교육 안내",
  titleEn: "About Our Courses",
  description: "기업 실무자, 디자이너, 청소년, 시민을 위한 한빛디자인교육원의 교육 과정을 소개합니다.",
  descriptionEn:
    "Design courses for business people, designers, teenagers and the public at the Hanbit Design Academy.",
  content: `<p class="lead">한빛디자인교육원은 2012년 개원 이후 1만 2천여 명의 수료생을 배출했습니다.</p>
<p>현장에서 바로 쓸 수 있는 실무 교육부터 디자인을 처음 접하는 시민을 위한 교양 강좌까지 다양한 과정을 운영합니다.</p>
<h2>교육 과정</h2>
<table class="table">
<thead><tr><th scope="col">과정</th><th scope="col">대상</th><th scope="col">기간</th></tr></thead>
<tbody>
<tr><td>디자인 경영 과정</td><td>중소기업 대표·실무자</td><td>8주, 매주 목요일 저녁</td></tr>
<tr><td>디자이너 역량 강화(UX, 3D 모델링, 패키지)</td><td>재직 디자이너</td><td>4주</td></tr>
<tr><td>청소년 디자인 교실</td><td>중·고등학생</td><td>방학 중 5일</td></tr>
<tr><td>시민 디자인 아카데미</td><td>시민 누구나</td><td>봄·가을 학기</td></tr>
</tbody>
</table>
<h2>수강 신청</h2>
<ul>
<li>회원 가입 후 교육 과정 신청 메뉴에서 신청합니다.</li>
<li>수강료는 과정별로 다르며, 지역 중소기업 재직자는 50% 할인됩니다.</li>
<li>출석률 80% 이상이면 수료증을 발급합니다.</li>
</ul>
<div class="callout">겨울방학 청소년 디자인 교실 수강생을 12월 5일까지 모집합니다. <a href="/education">교육 과정 신청</a></div>`,
  contentEn: `<p class="lead">Since opening in 2012, the Hanbit Design Academy has trained some 12,000 people.</p>
<p>Our courses range from hands-on professional training you can use the next day to introductory classes for anyone curious about design.</p>
<h2>Courses</h2>
<table class="table">
<thead><tr><th scope="col">Course</th><th scope="col">For</th><th scope="col">Length</th></tr></thead>
<tbody>
<tr><td>Design Management</td><td>Owners and staff of small businesses</td><td>8 weeks, Thursday evenings</td></tr>
<tr><td>Professional Skills (UX, 3D modelling, packaging)</td><td>Working designers</td><td>4 weeks</td></tr>
<tr><td>Design Class for Teens</td><td>Middle and high school students</td><td>5 days during school holidays</td></tr>
<tr><td>Design Academy for Citizens</td><td>Everyone</td><td>Spring and autumn terms</td></tr>
</tbody>
</table>
<h2>How to register</h2>
<ul>
<li>Create an account, then apply under Course Registration.</li>
<li>Fees vary by course. Employees of local small businesses get 50% off.</li>
<li>A certificate is issued to anyone who attends at least 80% of sessions.</li>
</ul>
<div class="callout">Applications for the winter Design Class for Teens close on 5 December. <a href="/en/education">Register for a course</a></div>`,
};

export const WWW_SERVICE_PAGES: readonly PageSeed[] = [awardOverview, awardSchedule, supportIntro, educationIntro];
