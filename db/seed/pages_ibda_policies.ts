// Content pages of the `ibda` site: its privacy policy and terms of entry (issue 21 §3). The IBDA site
// collects less than the council's (entrants and judges only) and has its own rules of entry, so these
// are its own texts, not links to the council's.
import type { PageSeed } from "./types.ts";

const privacy: PageSeed = {
  path: "/privacy",
  layout: "default",
  title: "개인정보 처리방침",
  titleEn: "Privacy Policy",
  description: "IBDA(국제 브라이트 디자인 어워드)가 출품자와 심사위원의 개인정보를 처리하는 방법을 안내합니다.",
  descriptionEn:
    "How IBDA (International Bright Design Award) handles the personal information of entrants and judges.",
  content:
    `<p class="lead">IBDA 사무국(한빛지역디자인센터 운영, 이하 "사무국")은 「개인정보 보호법」에 따라 출품자와 심사위원의 개인정보를 보호하며, 어워드 운영에 꼭 필요한 정보만 처리합니다.</p>
<h2>1. 처리하는 개인정보</h2>
<table class="table">
<thead><tr><th scope="col">구분</th><th scope="col">항목</th></tr></thead>
<tbody>
<tr><td>출품(필수)</td><td>이름, 영문 이름, 이메일, 연락처, 소속, 대표·공동 디자이너 정보</td></tr>
<tr><td>기업 출품(필수)</td><td>회사명, 사업자등록번호, 출품료 결제 승인 정보</td></tr>
<tr><td>심사위원(필수)</td><td>소속, 직위, 경력, 학력, 서명 이미지</td></tr>
</tbody>
</table>
<h2>2. 이용 목적</h2>
<ul>
<li>출품 접수와 본인 확인, 출품료 결제와 환불</li>
<li>심사 진행, 결과 발표, 상장 발급과 수상작 전시</li>
<li>심사위원 위촉과 심사 일정 안내</li>
</ul>
<h2>3. 보유 기간</h2>
<p>회원 탈퇴 시 지체 없이 파기합니다. 다만 결제 기록은 전자상거래법에 따라 5년, 수상 기록은 상장 재발급을 위해 10년간 보관합니다. 수상작의 작품명과 디자이너 이름은 수상작 아카이브에 공개됩니다.</p>
<h2>4. 처리 위탁</h2>
<p>출품료 결제는 전자결제대행사에, 결과 안내 메일 발송은 이메일 발송 업체에 위탁합니다.</p>
<h2>5. 이용자의 권리</h2>
<p>출품자와 심사위원은 마이페이지에서 언제든지 자신의 정보를 조회, 수정하거나 탈퇴할 수 있으며 처리 정지를 요구할 수 있습니다.</p>
<h2>6. 개인정보 보호책임자</h2>
<p>IBDA 사무국장 · 063-000-1200 · privacy@hanbitdesign.example</p>
<p>이 방침은 2026년 1월 1일부터 시행합니다.</p>`,
  contentEn:
    `<p class="lead">The IBDA office (run by Hanbit Regional Design Center, "the Office") protects the personal information of entrants and judges under the Personal Information Protection Act of Korea, and handles only what running the award needs.</p>
<h2>1. What we handle</h2>
<table class="table">
<thead><tr><th scope="col">When</th><th scope="col">Information</th></tr></thead>
<tbody>
<tr><td>Entering (required)</td><td>Name, name in English, email, phone, affiliation, lead and co-designers</td></tr>
<tr><td>Entering as a company (required)</td><td>Company name, business registration number, entry fee payment approval</td></tr>
<tr><td>Judges (required)</td><td>Affiliation, position, career, education, signature image</td></tr>
</tbody>
</table>
<h2>2. How we use it</h2>
<ul>
<li>Receiving entries, confirming who you are, taking and refunding entry fees</li>
<li>Judging, announcing results, issuing certificates and exhibiting winning designs</li>
<li>Appointing judges and telling them the judging schedule</li>
</ul>
<h2>3. How long we keep it</h2>
<p>We delete your information as soon as you close your account. Payment records are kept for five years under e-commerce law, and award records for ten years so that certificates can be reissued. The titles and designers of winning designs are public in the winners' archive.</p>
<h2>4. Processors</h2>
<p>Entry fee payments are handled by a payment service provider, and result emails are sent through an email provider.</p>
<h2>5. Your rights</h2>
<p>Entrants and judges can view, correct or delete their information at any time under My Page, and can ask us to stop processing it.</p>
<h2>6. Privacy officer</h2>
<p>Head of the IBDA Office · +82 63-000-1200 · privacy@hanbitdesign.example</p>
<p>This policy takes effect on 1 January 2026.</p>`,
};

const terms: PageSeed = {
  path: "/terms",
  layout: "default",
  title: "출품 약관",
  titleEn: "Terms of Entry",
  description: "IBDA 출품과 심사, 시상에 적용되는 약관입니다.",
  descriptionEn: "The terms that apply to entering, judging and winning IBDA.",
  content: `<h2>제1조 (목적)</h2>
<p>이 약관은 IBDA(국제 브라이트 디자인 어워드, 이하 "어워드")에 출품하고 심사받고 시상받는 조건을 정합니다.</p>
<h2>제2조 (출품 자격)</h2>
<ul>
<li>개인, 학생, 디자인 기업과 일반 기업 누구나 출품할 수 있습니다. 회원 한 명이 출품할 수 있는 작품은 2점까지이며, 초대·추천 디자이너는 1점까지입니다.</li>
<li>다른 공모전에서 이미 수상한 작품은 출품할 수 없습니다.</li>
</ul>
<h2>제3조 (출품료와 환불)</h2>
<p>기업 출품료는 10만 원이며 접수 마감 전에 취소하면 전액 환불합니다. 마감 후에는 심사가 시작되므로 환불하지 않습니다. 개인 출품은 무료입니다.</p>
<h2>제4조 (심사와 결과)</h2>
<p>심사는 위촉된 심사위원단이 부문별로 진행하며, 결과는 발표일에 이 사이트에 공개합니다. 심사 내용과 점수는 공개하지 않습니다.</p>
<h2>제5조 (저작권과 전시)</h2>
<p>출품작의 저작권은 출품자에게 있습니다. 출품자는 사무국이 수상작과 전시작을 온라인 전시, 수상작 아카이브, 홍보물에 쓰는 것을 허락합니다.</p>
<h2>제6조 (수상 취소)</h2>
<p>출품 자격을 어기거나 타인의 권리를 침해한 사실이 밝혀지면 수상을 취소할 수 있습니다.</p>
<h2>부칙</h2>
<p>이 약관은 2026년 1월 1일부터 시행합니다.</p>`,
  contentEn: `<h2>Article 1 (Purpose)</h2>
<p>These terms set out the conditions for entering, being judged in and winning IBDA (International Bright Design Award, "the Award").</p>
<h2>Article 2 (Who may enter)</h2>
<ul>
<li>Individuals, students, design companies and other companies may enter. Each member may enter up to two designs, or one as an invited or recommended designer.</li>
<li>Designs that have already won another competition may not be entered.</li>
</ul>
<h2>Article 3 (Entry fees and refunds)</h2>
<p>The company entry fee is 100,000 won, refunded in full if the entry is withdrawn before the submission deadline. Fees are not refunded after the deadline, as judging will have begun. Individuals enter free.</p>
<h2>Article 4 (Judging and results)</h2>
<p>Appointed judges assess entries by category, and results are published on this site on the announcement date. Judges' notes and scores are not published.</p>
<h2>Article 5 (Copyright and exhibition)</h2>
<p>Entrants keep the copyright of their designs. Entrants allow the Office to show winning and exhibited designs in the online exhibition, the winners' archive and promotional material.</p>
<h2>Article 6 (Withdrawal of awards)</h2>
<p>An award may be withdrawn if an entry is found to break the entry rules or infringe anyone else's rights.</p>
<h2>Effective date</h2>
<p>These terms take effect on 1 January 2026.</p>`,
};

export const IBDA_POLICY_PAGES: readonly PageSeed[] = [privacy, terms];
