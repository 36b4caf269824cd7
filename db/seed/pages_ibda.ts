// Content pages of the `ibda` site: the IBDA (International Bright Design Award) home, about and categories.
import type { PageSeed } from "./types.ts";

const home: PageSeed = {
  path: "/",
  layout: "home",
  title: "IBDA 국제브라이트디자인어워드",
  titleEn: "IBDA — International Bright Design Award",
  description: "사람과 환경을 밝히는 디자인을 찾는 국제 디자인 공모, IBDA입니다.",
  descriptionEn: "IBDA is an international design award for work that brightens people's lives and the planet.",
  content: `<section class="hero">
<p class="hero-eyebrow">IBDA 2026</p>
<h1 class="hero-title">사람과 환경을 밝히는 디자인</h1>
<p class="hero-lead">제11회 IBDA 국제브라이트디자인어워드 수상작 128점이 발표되었습니다. 시상식은 11월 27일 한빛디자인센터에서 열립니다.</p>
<p class="hero-actions"><a class="button button-primary" href="/winners">수상작 보기</a> <a class="button button-secondary" href="/about">IBDA 소개</a></p>
</section>
<section class="section">
<h2 class="section-title">IBDA 둘러보기</h2>
<ul class="card-grid">
<li class="card"><a class="card-link" href="/about"><h3 class="card-title">IBDA 소개</h3><p class="card-text">IBDA가 찾는 디자인과 운영 방식을 소개합니다.</p></a></li>
<li class="card"><a class="card-link" href="/schedule"><h3 class="card-title">추진 일정</h3><p class="card-text">접수부터 시상식까지 주요 일정을 확인하십시오.</p></a></li>
<li class="card"><a class="card-link" href="/categories"><h3 class="card-title">공모 부문</h3><p class="card-text">일반·학생 부문과 다섯 개 공모 분야를 안내합니다.</p></a></li>
<li class="card"><a class="card-link" href="/winners"><h3 class="card-title">수상작</h3><p class="card-text">2016년부터 이어진 역대 수상작을 만나 보십시오.</p></a></li>
</ul>
</section>
<section class="section">
<h2 class="section-title">2026 IBDA</h2>
<dl class="stats">
<div class="stat"><dt>개최</dt><dd>11회</dd></div>
<div class="stat"><dt>출품작</dt><dd>2,460점</dd></div>
<div class="stat"><dt>참가 국가</dt><dd>38개국</dd></div>
<div class="stat"><dt>심사위원</dt><dd>42명</dd></div>
</dl>
</section>
<section class="section">
<h2 class="section-title">공지사항</h2>
<div data-live="notices" data-board="notice" data-count="3"></div>
</section>`,
  contentEn: `<section class="hero">
<p class="hero-eyebrow">IBDA 2026</p>
<h1 class="hero-title">Design that brightens people and the planet</h1>
<p class="hero-lead">The 128 winners of the 11th International Bright Design Award have been announced. The ceremony takes place on 27 November at the Hanbit Design Center.</p>
<p class="hero-actions"><a class="button button-primary" href="/en/winners">See the winners</a> <a class="button button-secondary" href="/en/about">About IBDA</a></p>
</section>
<section class="section">
<h2 class="section-title">Explore IBDA</h2>
<ul class="card-grid">
<li class="card"><a class="card-link" href="/en/about"><h3 class="card-title">About IBDA</h3><p class="card-text">What we look for and how the award works.</p></a></li>
<li class="card"><a class="card-link" href="/en/schedule"><h3 class="card-title">Schedule</h3><p class="card-text">Key dates, from entries to the award ceremony.</p></a></li>
<li class="card"><a class="card-link" href="/en/categories"><h3 class="card-title">Categories</h3><p class="card-text">Professional and student divisions across five fields.</p></a></li>
<li class="card"><a class="card-link" href="/en/winners"><h3 class="card-title">Winners</h3><p class="card-text">Every winning design since 2016.</p></a></li>
</ul>
</section>
<section class="section">
<h2 class="section-title">IBDA 2026</h2>
<dl class="stats">
<div class="stat"><dt>Edition</dt><dd>11th</dd></div>
<div class="stat"><dt>Entries</dt><dd>2,460</dd></div>
<div class="stat"><dt>Countries</dt><dd>38</dd></div>
<div class="stat"><dt>Judges</dt><dd>42</dd></div>
</dl>
</section>
<section class="section">
<h2 class="section-title">Notices</h2>
<div data-live="notices" data-board="notice" data-count="3"></div>
</section>`,
};

const about: PageSeed = {
  path: "/about",
  layout: "sub",
  title: "IBDA 소개",
  titleEn: "About IBDA",
  description: "IBDA 국제브라이트디자인어워드의 취지와 운영 방식을 소개합니다.",
  descriptionEn: "The purpose of the International Bright Design Award and how it is run.",
  content:
    `<p class="lead">IBDA(International Bright Design Award)는 사람의 삶과 환경을 밝게 만드는 디자인을 발굴하는 국제 디자인 공모입니다.</p>
<p>한빛지역디자인센터가 2016년 시작한 IBDA는 아름다움을 넘어 건강, 안전, 포용, 환경에 긍정적인 변화를 만드는 디자인에 주목합니다. 바이오 소재와 재생 에너지를 활용한 작품부터 누구나 쉽게 쓰는 공공 서비스까지, 해마다 세계 곳곳의 디자이너와 학생이 참여하고 있습니다.</p>
<h2>IBDA가 찾는 디자인</h2>
<ul>
<li><strong>밝은 삶</strong> — 일상의 불편을 덜고 건강과 안전을 지키는 디자인</li>
<li><strong>밝은 환경</strong> — 자원을 아끼고 자연에 부담을 줄이는 디자인</li>
<li><strong>밝은 공동체</strong> — 나이, 장애, 언어의 장벽을 낮추는 포용적 디자인</li>
</ul>
<h2>운영 개요</h2>
<table class="table">
<tbody>
<tr><th scope="row">주최</th><td>한빛지역디자인센터</td></tr>
<tr><th scope="row">부문</th><td>일반 부문, 학생 부문</td></tr>
<tr><th scope="row">심사</th><td>국내외 디자인 전문가 42명, 부문별 심사위원단이 온라인과 현장에서 2단계로 심사</td></tr>
<tr><th scope="row">시상</th><td>그랑프리, 골드, 실버, 브론즈, 입선</td></tr>
</tbody>
</table>
<h2>수상 혜택</h2>
<ul>
<li>상장과 IBDA 수상 인증 로고 사용권</li>
<li>한빛디자인센터 전시관과 온라인 전시</li>
<li>디자인 마켓 입점과 해외 디자인 전시회 참가 지원</li>
</ul>`,
  contentEn:
    `<p class="lead">IBDA, the International Bright Design Award, seeks out design that makes people's lives and the environment brighter.</p>
<p>Launched by Hanbit Regional Design Center in 2016, IBDA looks beyond good looks to design that brings positive change to health, safety, inclusion and the environment. Every year designers and students from around the world take part, with work ranging from products made with bio-based materials and renewable energy to public services anyone can use.</p>
<h2>What we look for</h2>
<ul>
<li><strong>Bright lives</strong> — design that removes everyday friction and keeps people healthy and safe</li>
<li><strong>A bright environment</strong> — design that saves resources and treads lightly on nature</li>
<li><strong>Bright communities</strong> — inclusive design that lowers barriers of age, disability and language</li>
</ul>
<h2>At a glance</h2>
<table class="table">
<tbody>
<tr><th scope="row">Organizer</th><td>Hanbit Regional Design Center</td></tr>
<tr><th scope="row">Divisions</th><td>Professional and Student</td></tr>
<tr><th scope="row">Judging</th><td>42 design experts from Korea and abroad, in separate panels per division, judging in two rounds: online, then in person</td></tr>
<tr><th scope="row">Awards</th><td>Grand Prix, Gold, Silver, Bronze and Selected</td></tr>
</tbody>
</table>
<h2>What winners receive</h2>
<ul>
<li>A certificate and the right to use the IBDA winner logo</li>
<li>A place in our gallery and the online exhibition</li>
<li>A listing in the Design Market and support to show at overseas design fairs</li>
</ul>`,
};

const categories: PageSeed = {
  path: "/categories",
  layout: "sub",
  title: "공모 부문",
  titleEn: "Categories",
  description: "IBDA의 일반·학생 부문과 다섯 개 공모 분야, 출품 규정을 안내합니다.",
  descriptionEn: "IBDA's professional and student divisions, its five fields and the entry rules.",
  content: `<p class="lead">IBDA는 일반 부문과 학생 부문으로 나누어 다섯 개 분야의 작품을 공모합니다.</p>
<h2>부문</h2>
<ul>
<li><strong>일반 부문</strong> — 기업, 디자인 전문 회사, 개인 디자이너. 최근 3년 안에 출시했거나 실현한 작품</li>
<li><strong>학생 부문</strong> — 고등학생, 대학생, 대학원생. 발표하지 않은 콘셉트 작품도 출품 가능</li>
</ul>
<h2>공모 분야</h2>
<table class="table">
<thead><tr><th scope="col">분야</th><th scope="col">예시</th></tr></thead>
<tbody>
<tr><td>제품 디자인</td><td>생활용품, 가전, 의료·헬스케어 기기, 모빌리티</td></tr>
<tr><td>커뮤니케이션 디자인</td><td>브랜드, 패키지, 편집, 디지털 미디어</td></tr>
<tr><td>공간 디자인</td><td>실내 공간, 전시, 공공 공간</td></tr>
<tr><td>서비스·경험 디자인</td><td>UX/UI, 공공 서비스, 헬스케어 서비스</td></tr>
<tr><td>지속 가능 디자인</td><td>바이오 소재, 업사이클링, 에너지 절감</td></tr>
</tbody>
</table>
<h2>출품 규정</h2>
<ul>
<li>한 사람(기업)당 최대 5점까지 출품할 수 있습니다.</li>
<li>출품료는 일반 부문 1점당 USD 100이며, 학생 부문은 무료입니다.</li>
<li>공동 작업은 대표 디자이너 1명과 보조 디자이너 3명까지 등록할 수 있습니다.</li>
</ul>
<div class="callout">2027 IBDA 출품 요강은 2027년 3월에 발표합니다.</div>`,
  contentEn: `<p class="lead">IBDA accepts work in two divisions, Professional and Student, across five fields.</p>
<h2>Divisions</h2>
<ul>
<li><strong>Professional</strong> — companies, design agencies and independent designers, for work launched or built in the last three years</li>
<li><strong>Student</strong> — high school, undergraduate and graduate students; unpublished concepts are welcome</li>
</ul>
<h2>Fields</h2>
<table class="table">
<thead><tr><th scope="col">Field</th><th scope="col">Examples</th></tr></thead>
<tbody>
<tr><td>Product Design</td><td>Household goods, appliances, medical and healthcare devices, mobility</td></tr>
<tr><td>Communication Design</td><td>Branding, packaging, editorial, digital media</td></tr>
<tr><td>Spatial Design</td><td>Interiors, exhibitions, public spaces</td></tr>
<tr><td>Service &amp; Experience Design</td><td>UX/UI, public services, healthcare services</td></tr>
<tr><td>Sustainable Design</td><td>Bio-based materials, upcycling, energy saving</td></tr>
</tbody>
</table>
<h2>Entry rules</h2>
<ul>
<li>Each person or company may submit up to five entries.</li>
<li>Professional entries cost USD 100 each. Student entries are free.</li>
<li>Team projects can list one lead designer and up to three assistant designers.</li>
</ul>
<div class="callout">The entry guidelines for IBDA 2027 will be published in March 2027.</div>`,
};

export const IBDA_PAGES: readonly PageSeed[] = [home, about, categories];
