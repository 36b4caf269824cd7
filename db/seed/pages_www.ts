// Content pages of the `www` site: the home page and the About section. The home page's latest notices and
// upcoming events are live placeholders, filled from the boards when it renders (domain/site/live-blocks.ts).
// Award, support and education pages: pages_www_services.ts; privacy and terms: pages_www_policies.ts.
import type { PageSeed } from "./types.ts";

const home: PageSeed = {
  path: "/",
  layout: "home",
  title: "한빛지역디자인센터",
  titleEn: "Hanbit Regional Design Center",
  description:
    "디자인 어워드, 공모전, 기업 지원, 디자인 마켓, 일자리, 재능 나눔까지 지역 디자인의 기회를 한곳에서 만나 보십시오.",
  descriptionEn:
    "Awards, contests, business support, a design market, jobs and talent sharing — every opportunity in regional design, in one place.",
  content: `<section class="hero">
<p class="hero-eyebrow">2026 한빛국제디자인어워드</p>
<h1 class="hero-title">디자인으로 지역의 내일을 엽니다</h1>
<p class="hero-lead">제18회 한빛국제디자인어워드 수상작 전시가 11월 20일 센터 1층 전시관에서 개막합니다. 어워드와 공모전, 기업 지원과 일자리까지 지역 디자인의 기회를 한곳에서 만나 보십시오.</p>
<p class="hero-actions"><a class="button button-primary" href="/award/overview">어워드 알아보기</a> <a class="button button-secondary" href="/contest">공모전 둘러보기</a></p>
</section>
<section class="section">
<h2 class="section-title">바로 가기</h2>
<ul class="card-grid">
<li class="card"><a class="card-link" href="/award/overview"><h3 class="card-title">디자인 어워드</h3><p class="card-text">18년 역사의 국제 디자인 공모에 출품하고 역대 수상작을 만나 보십시오.</p></a></li>
<li class="card"><a class="card-link" href="/contest"><h3 class="card-title">공모전</h3><p class="card-text">기업이 여는 디자인 공모전에 참여하거나 우리 회사의 공모전을 열어 보십시오.</p></a></li>
<li class="card"><a class="card-link" href="/support/intro"><h3 class="card-title">기업 지원</h3><p class="card-text">디자인 개발비, 전문가 컨설팅, 해외 전시 참가까지 기업 맞춤형 지원을 안내합니다.</p></a></li>
<li class="card"><a class="card-link" href="/market/design"><h3 class="card-title">디자인 마켓</h3><p class="card-text">수상작과 지역 디자이너의 상품, 디자인 지식재산을 사고팔 수 있습니다.</p></a></li>
<li class="card"><a class="card-link" href="/job/recruit"><h3 class="card-title">일자리</h3><p class="card-text">디자인 기업의 채용 공고와 디자이너 인재 정보를 한곳에서 확인하십시오.</p></a></li>
<li class="card"><a class="card-link" href="/share/donate"><h3 class="card-title">재능 나눔</h3><p class="card-text">디자이너의 재능을 디자인이 필요한 기관과 이웃에게 연결합니다.</p></a></li>
</ul>
</section>
<section class="section">
<h2 class="section-title">숫자로 보는 한빛디자인센터</h2>
<dl class="stats">
<div class="stat"><dt>어워드 개최</dt><dd>18회</dd></div>
<div class="stat"><dt>누적 출품작</dt><dd>52,400점</dd></div>
<div class="stat"><dt>참가 국가</dt><dd>47개국</dd></div>
<div class="stat"><dt>지원 기업</dt><dd>1,280곳</dd></div>
</dl>
</section>
<section class="section">
<h2 class="section-title">새 소식</h2>
<div data-live="notices" data-board="notice" data-count="4"></div>
</section>
<section class="section">
<h2 class="section-title">다가오는 행사</h2>
<div data-live="events" data-count="4"></div>
</section>`,
  contentEn: `<section class="hero">
<p class="hero-eyebrow">Hanbit International Design Award 2026</p>
<h1 class="hero-title">Design that opens up the region's future</h1>
<p class="hero-lead">The winners' exhibition of the 18th Hanbit International Design Award opens on 20 November in our ground-floor gallery. From awards and contests to business support and jobs, find every opportunity in regional design right here.</p>
<p class="hero-actions"><a class="button button-primary" href="/en/award/overview">Discover the award</a> <a class="button button-secondary" href="/en/contest">Browse contests</a></p>
</section>
<section class="section">
<h2 class="section-title">Get started</h2>
<ul class="card-grid">
<li class="card"><a class="card-link" href="/en/award/overview"><h3 class="card-title">Design Award</h3><p class="card-text">Enter an international competition with 18 years of history and explore past winners.</p></a></li>
<li class="card"><a class="card-link" href="/en/contest"><h3 class="card-title">Contests</h3><p class="card-text">Take part in design contests run by companies, or host one for your own business.</p></a></li>
<li class="card"><a class="card-link" href="/en/support/intro"><h3 class="card-title">Business Support</h3><p class="card-text">Funding for design development, expert consulting and overseas trade shows, tailored to you.</p></a></li>
<li class="card"><a class="card-link" href="/en/market/design"><h3 class="card-title">Design Market</h3><p class="card-text">Buy and sell products by award winners and local designers, as well as design IP.</p></a></li>
<li class="card"><a class="card-link" href="/en/job/recruit"><h3 class="card-title">Jobs</h3><p class="card-text">Openings at design companies and profiles of designers, side by side.</p></a></li>
<li class="card"><a class="card-link" href="/en/share/donate"><h3 class="card-title">Talent Sharing</h3><p class="card-text">Designers lend their skills to the community groups and neighbours who need them.</p></a></li>
</ul>
</section>
<section class="section">
<h2 class="section-title">The Center in numbers</h2>
<dl class="stats">
<div class="stat"><dt>Award editions</dt><dd>18</dd></div>
<div class="stat"><dt>Entries to date</dt><dd>52,400</dd></div>
<div class="stat"><dt>Countries</dt><dd>47</dd></div>
<div class="stat"><dt>Businesses supported</dt><dd>1,280</dd></div>
</dl>
</section>
<section class="section">
<h2 class="section-title">Latest news</h2>
<div data-live="notices" data-board="notice" data-count="4"></div>
</section>
<section class="section">
<h2 class="section-title">Coming up</h2>
<div data-live="events" data-count="4"></div>
</section>`,
};

const greeting: PageSeed = {
  path: "/about/greeting",
  layout: "sub",
  title: "인사말",
  titleEn: "Welcome",
  description: "한빛지역디자인센터장의 인사말입니다.",
  descriptionEn: "A welcome from the President of Hanbit Regional Design Center.",
  content: `<p class="lead">디자인은 지역의 산업과 일상을 바꾸는 가장 가까운 힘입니다.</p>
<p>한빛지역디자인센터 홈페이지를 찾아 주신 여러분을 진심으로 환영합니다.</p>
<p>우리 센터는 2004년 문을 연 이후 지역 기업과 디자이너가 함께 성장할 수 있도록 디자인 개발 지원, 국제디자인어워드, 디자인 교육과 일자리 연계 사업을 꾸준히 이어 왔습니다. 그 결과 1,200곳이 넘는 중소기업이 디자인을 경쟁력으로 삼게 되었고, 한빛국제디자인어워드는 47개국 디자이너가 참여하는 국제 공모로 자리 잡았습니다.</p>
<h2>센터가 지향하는 가치</h2>
<ul>
<li><strong>함께 성장하는 생태계</strong> — 기업, 디자이너, 학생, 시민이 서로 만나는 자리를 만듭니다.</li>
<li><strong>현장 중심의 지원</strong> — 기업에 실제로 필요한 지원을 빠르고 투명하게 제공합니다.</li>
<li><strong>세계와 통하는 지역 디자인</strong> — 지역의 우수한 디자인이 세계 무대에서 인정받도록 돕습니다.</li>
</ul>
<p>디자인이 지역의 내일을 여는 열쇠가 될 수 있도록 앞으로도 현장의 목소리에 귀 기울이겠습니다. 많은 관심과 참여를 부탁드립니다.</p>
<p>한빛지역디자인센터장 <strong>윤서진</strong></p>`,
  contentEn:
    `<p class="lead">Design is the closest lever we have for changing a region's industry and everyday life.</p>
<p>Welcome to Hanbit Regional Design Center.</p>
<p>Since opening in 2004, the Center has helped local businesses and designers grow together through design development funding, an international design award, training and job matching. More than 1,200 small and medium-sized businesses have since made design a competitive edge, and the Hanbit International Design Award now draws designers from 47 countries.</p>
<h2>What we stand for</h2>
<ul>
<li><strong>An ecosystem that grows together</strong> — we bring businesses, designers, students and citizens into the same room.</li>
<li><strong>Support that starts in the field</strong> — we offer the help businesses actually need, quickly and transparently.</li>
<li><strong>Local design, global reach</strong> — we help the region's best design earn recognition on the world stage.</li>
</ul>
<p>We will keep listening to the people we serve so that design can open up the region's future. Thank you for your interest and support.</p>
<p><strong>Yoon Seo-jin</strong>, President, Hanbit Regional Design Center</p>`,
};

const history: PageSeed = {
  path: "/about/history",
  layout: "sub",
  title: "연혁",
  titleEn: "History",
  description: "2004년 설립 이후 한빛지역디자인센터가 걸어온 길입니다.",
  descriptionEn: "The milestones of Hanbit Regional Design Center since 2004.",
  content: `<p class="lead">2004년 설립 이후 한빛지역디자인센터가 걸어온 길입니다.</p>
<h2>2020년대</h2>
<ol class="timeline">
<li><time datetime="2026-11">2026.11</time> 제18회 한빛국제디자인어워드 수상작 전시 개최</li>
<li><time datetime="2024-02">2024.02</time> 디자인로 120 신청사 이전 및 전시관 개관</li>
<li><time datetime="2021-03">2021.03</time> 디자인 일자리 포털 개설</li>
</ol>
<h2>2010년대</h2>
<ol class="timeline">
<li><time datetime="2019-07">2019.07</time> 재능 나눔 플랫폼 운영 시작</li>
<li><time datetime="2016-10">2016.10</time> IBDA 국제브라이트디자인어워드 출범</li>
<li><time datetime="2014-04">2014.04</time> 온라인 디자인 마켓 개설</li>
<li><time datetime="2012-05">2012.05</time> 디자인 교육원 개원</li>
</ol>
<h2>2000년대</h2>
<ol class="timeline">
<li><time datetime="2009-11">2009.11</time> 제1회 한빛국제디자인어워드 개최</li>
<li><time datetime="2006-09">2006.09</time> 중소기업 디자인 개발 지원사업 시작</li>
<li><time datetime="2004-03">2004.03</time> 재단법인 한빛지역디자인센터 설립</li>
</ol>`,
  contentEn: `<p class="lead">How Hanbit Regional Design Center has grown since 2004.</p>
<h2>2020s</h2>
<ol class="timeline">
<li><time datetime="2026-11">2026.11</time> Winners' exhibition of the 18th Hanbit International Design Award</li>
<li><time datetime="2024-02">2024.02</time> Moved to new premises at 120 Design-ro and opened our gallery</li>
<li><time datetime="2021-03">2021.03</time> Launched the design jobs portal</li>
</ol>
<h2>2010s</h2>
<ol class="timeline">
<li><time datetime="2019-07">2019.07</time> Launched the talent sharing platform</li>
<li><time datetime="2016-10">2016.10</time> Launched IBDA, the International Bright Design Award</li>
<li><time datetime="2014-04">2014.04</time> Opened the online design market</li>
<li><time datetime="2012-05">2012.05</time> Opened the Design Academy</li>
</ol>
<h2>2000s</h2>
<ol class="timeline">
<li><time datetime="2009-11">2009.11</time> Held the first Hanbit International Design Award</li>
<li><time datetime="2006-09">2006.09</time> Started design development funding for small businesses</li>
<li><time datetime="2004-03">2004.03</time> Hanbit Regional Design Center founded as a non-profit foundation</li>
</ol>`,
};

const organization: PageSeed = {
  path: "/about/organization",
  layout: "sub",
  title: "조직도",
  titleEn: "Organization",
  description: "한빛지역디자인센터의 조직과 부서별 업무, 연락처를 안내합니다.",
  descriptionEn: "How the Center is organized, what each team does and how to reach them.",
  content: `<p class="lead">센터장 아래 1실 2본부 4팀, 32명의 직원이 일하고 있습니다.</p>
<h2>조직 구성</h2>
<ul>
<li>이사회 · 감사</li>
<li>센터장
<ul>
<li>경영지원실</li>
<li>디자인진흥본부 — 어워드사업팀, 공모전·교육팀</li>
<li>산업연계본부 — 기업지원팀, 마켓·일자리팀</li>
</ul>
</li>
</ul>
<h2>부서별 업무와 연락처</h2>
<table class="table">
<thead><tr><th scope="col">부서</th><th scope="col">주요 업무</th><th scope="col">전화</th></tr></thead>
<tbody>
<tr><td>경영지원실</td><td>기획·예산, 인사·회계, 시설 관리</td><td>063-000-1100</td></tr>
<tr><td>어워드사업팀</td><td>한빛국제디자인어워드·IBDA 운영, 심사, 전시</td><td>063-000-1210</td></tr>
<tr><td>공모전·교육팀</td><td>기업 디자인 공모전, 디자인 교육 과정</td><td>063-000-1220</td></tr>
<tr><td>기업지원팀</td><td>디자인 개발 지원, 전문가 컨설팅, 해외 전시 참가</td><td>063-000-1310</td></tr>
<tr><td>마켓·일자리팀</td><td>디자인 마켓, 채용·인재 정보, 재능 나눔</td><td>063-000-1320</td></tr>
</tbody>
</table>
<div class="callout">대표전화 063-000-1000으로 연락하시면 담당 부서로 연결해 드립니다.</div>`,
  contentEn:
    `<p class="lead">Under the President, 32 staff work in one office and two divisions made up of four teams.</p>
<h2>Structure</h2>
<ul>
<li>Board of Directors · Auditor</li>
<li>President
<ul>
<li>Management Support Office</li>
<li>Design Promotion Division — Award Team, Contests &amp; Education Team</li>
<li>Industry Partnership Division — Business Support Team, Market &amp; Jobs Team</li>
</ul>
</li>
</ul>
<h2>Teams and contacts</h2>
<table class="table">
<thead><tr><th scope="col">Team</th><th scope="col">Responsibilities</th><th scope="col">Phone</th></tr></thead>
<tbody>
<tr><td>Management Support Office</td><td>Planning and budget, HR and accounting, facilities</td><td>+82 63-000-1100</td></tr>
<tr><td>Award Team</td><td>Hanbit International Design Award and IBDA, judging, exhibitions</td><td>+82 63-000-1210</td></tr>
<tr><td>Contests &amp; Education Team</td><td>Company design contests, training courses</td><td>+82 63-000-1220</td></tr>
<tr><td>Business Support Team</td><td>Design development funding, expert consulting, overseas trade shows</td><td>+82 63-000-1310</td></tr>
<tr><td>Market &amp; Jobs Team</td><td>Design market, job listings, talent sharing</td><td>+82 63-000-1320</td></tr>
</tbody>
</table>
<div class="callout">Call our main line on +82 63-000-1000 and we will put you through to the right team.</div>`,
};

const location: PageSeed = {
  path: "/about/location",
  layout: "sub",
  title: "오시는 길",
  titleEn: "Directions",
  description: "한빛디자인센터의 주소, 교통편, 운영 시간을 안내합니다.",
  descriptionEn: "Address, getting here and opening hours of the Hanbit Design Center.",
  content: `<p class="lead">한빛디자인센터는 디자인센터역에서 걸어서 5분 거리에 있습니다.</p>
<h2>주소와 연락처</h2>
<p>(00120) 한빛시 중앙구 디자인로 120 한빛디자인센터 3~5층<br>대표전화 063-000-1000 · 팩스 063-000-1099 · 이메일 info@hanbitdesign.example</p>
<h2>대중교통</h2>
<h3>지하철</h3>
<ul><li>2호선 디자인센터역 3번 출구에서 도보 5분</li></ul>
<h3>버스</h3>
<ul>
<li>간선 210·310번: 디자인센터 정류장 하차</li>
<li>지선 7·12번: 중앙구청 정류장 하차 후 도보 3분</li>
</ul>
<h2>자가용</h2>
<p>건물 지하 주차장을 이용하실 수 있습니다. 방문객은 2시간까지 무료이며, 이후 10분마다 500원이 부과됩니다. 행사 기간에는 주차 공간이 부족하니 대중교통을 이용해 주십시오.</p>
<h2>운영 시간</h2>
<table class="table">
<thead><tr><th scope="col">시설</th><th scope="col">운영 시간</th></tr></thead>
<tbody>
<tr><td>사무실</td><td>평일 09:00~18:00</td></tr>
<tr><td>1층 전시관</td><td>화~일 10:00~18:00 (월요일·공휴일 휴관)</td></tr>
<tr><td>디자인 자료실</td><td>평일 10:00~17:00</td></tr>
</tbody>
</table>
<div class="callout">장애인 전용 주차 구역과 엘리베이터가 있습니다. 휠체어가 필요하시면 1층 안내데스크에 말씀해 주십시오.</div>`,
  contentEn: `<p class="lead">The Hanbit Design Center is a five-minute walk from Design Center Station.</p>
<h2>Address and contact</h2>
<p>Hanbit Design Center, 3rd–5th floors, 120 Design-ro, Jungang-gu, Hanbit 00120, Republic of Korea<br>Phone +82 63-000-1000 · Fax +82 63-000-1099 · Email info@hanbitdesign.example</p>
<h2>By public transport</h2>
<h3>Subway</h3>
<ul><li>Line 2 to Design Center Station, Exit 3, then a five-minute walk</li></ul>
<h3>Bus</h3>
<ul>
<li>Trunk buses 210 and 310: get off at Design Center</li>
<li>Local buses 7 and 12: get off at Jungang-gu Office and walk for three minutes</li>
</ul>
<h2>By car</h2>
<p>Visitors can use the underground car park. The first two hours are free, then KRW 500 is charged for every 10 minutes. Parking is limited during events, so please come by public transport if you can.</p>
<h2>Opening hours</h2>
<table class="table">
<thead><tr><th scope="col">Facility</th><th scope="col">Hours</th></tr></thead>
<tbody>
<tr><td>Offices</td><td>Mon–Fri 09:00–18:00</td></tr>
<tr><td>Ground-floor gallery</td><td>Tue–Sun 10:00–18:00 (closed Mondays and public holidays)</td></tr>
<tr><td>Design library</td><td>Mon–Fri 10:00–17:00</td></tr>
</tbody>
</table>
<div class="callout">Accessible parking bays and lifts are available. If you need a wheelchair, just ask at the ground-floor information desk.</div>`,
};

const draft: PageSeed = {
  path: "/about/draft",
  layout: "sub",
  title: "2027~2031 중장기 발전 계획(초안)",
  titleEn: "Strategic Plan 2027–2031 (Draft)",
  description: "공개 전 검토 중인 중장기 발전 계획 초안입니다.",
  descriptionEn: "A draft strategic plan under internal review.",
  content: `<div class="callout">내부 검토 중인 초안입니다. 확정되면 알림마당에 공개합니다.</div>
<h2>추진 방향</h2>
<ul>
<li>지역 디자인 기업 매출 20% 성장 지원</li>
<li>국제 어워드 참가국 60개국 확대</li>
<li>디자인 일자리 연 300건 연계</li>
</ul>`,
  contentEn:
    `<div class="callout">This is a draft under internal review. The final plan will be published in News.</div>
<h2>Strategic directions</h2>
<ul>
<li>Help local design businesses grow revenue by 20%</li>
<li>Expand award participation to 60 countries</li>
<li>Match 300 design jobs a year</li>
</ul>`,
  published: false,
};

export const WWW_PAGES: readonly PageSeed[] = [home, greeting, history, organization, location, draft];
