// Content pages of the `www` site: the privacy policy and the terms of use.
import type { PageSeed } from "./types.ts";

const privacy: PageSeed = {
  path: "/privacy",
  layout: "default",
  title: "개인정보 처리방침",
  titleEn: "Privacy Policy",
  description: "한빛지역디자인센터가 개인정보를 수집하고 이용하고 보호하는 방법을 안내합니다.",
  descriptionEn: "How Hanbit Regional Design Center collects, uses and protects your personal information.",
  content:
    `<p class="lead">한빛지역디자인센터(이하 "센터")는 「개인정보 보호법」에 따라 이용자의 개인정보를 보호하고 관련 고충을 신속하게 처리하기 위해 다음과 같이 처리방침을 둡니다.</p>
<h2>1. 수집하는 개인정보</h2>
<table class="table">
<thead><tr><th scope="col">구분</th><th scope="col">항목</th></tr></thead>
<tbody>
<tr><td>회원 가입(필수)</td><td>아이디, 비밀번호, 이름, 이메일, 휴대전화 번호</td></tr>
<tr><td>기업 회원(필수)</td><td>사업자등록번호, 사업자등록증, 담당자 연락처</td></tr>
<tr><td>어워드 출품·결제</td><td>소속, 주소, 결제 승인 정보</td></tr>
</tbody>
</table>
<h2>2. 이용 목적</h2>
<ul>
<li>회원 관리와 본인 확인</li>
<li>어워드·공모전 출품, 심사, 시상과 상장 발급</li>
<li>지원사업, 교육, 일자리, 재능 나눔 신청 처리</li>
<li>동의한 회원에 한한 행사 소식 발송</li>
</ul>
<h2>3. 보유 기간</h2>
<p>회원 탈퇴 시 지체 없이 파기합니다. 다만 전자상거래법에 따라 결제 기록은 5년, 어워드 수상 기록은 상장 재발급을 위해 10년간 보관합니다.</p>
<h2>4. 제3자 제공과 처리 위탁</h2>
<p>센터는 법령에 근거가 있거나 이용자가 동의한 경우에만 개인정보를 제3자에게 제공합니다. 결제 처리는 전자결제대행사에, 알림 발송은 문자·이메일 발송 업체에 위탁합니다.</p>
<h2>5. 이용자의 권리</h2>
<p>이용자는 언제든지 마이페이지에서 자신의 개인정보를 조회, 수정하거나 탈퇴할 수 있으며, 처리 정지를 요구할 수 있습니다.</p>
<h2>6. 개인정보 보호책임자</h2>
<p>경영지원실장 박도윤 · 063-000-1100 · privacy@hanbitdesign.example</p>
<p>이 방침은 2026년 1월 1일부터 시행합니다.</p>`,
  contentEn:
    `<p class="lead">Hanbit Regional Design Center ("the Center") protects your personal information in line with the Personal Information Protection Act of Korea. This policy explains what we collect and why.</p>
<h2>1. What we collect</h2>
<table class="table">
<thead><tr><th scope="col">When</th><th scope="col">Information</th></tr></thead>
<tbody>
<tr><td>Creating an account (required)</td><td>User ID, password, name, email, mobile number</td></tr>
<tr><td>Company accounts (required)</td><td>Business registration number and certificate, contact person</td></tr>
<tr><td>Award entries and payments</td><td>Affiliation, address, payment approval details</td></tr>
</tbody>
</table>
<h2>2. How we use it</h2>
<ul>
<li>Managing your account and confirming your identity</li>
<li>Running award and contest entries, judging, prizes and certificates</li>
<li>Handling applications for support, courses, jobs and talent sharing</li>
<li>Sending event news, only if you have agreed to receive it</li>
</ul>
<h2>3. How long we keep it</h2>
<p>We delete your information as soon as you close your account. Payment records are kept for five years as required by e-commerce law, and award records for ten years so that certificates can be reissued.</p>
<h2>4. Sharing and processors</h2>
<p>We share personal information with third parties only where the law allows it or you have agreed. Card payments are handled by a payment service provider, and notifications are sent through SMS and email providers.</p>
<h2>5. Your rights</h2>
<p>You can view, correct or delete your information at any time under My Page, and you can ask us to stop processing it.</p>
<h2>6. Privacy officer</h2>
<p>Park Do-yoon, Head of Management Support · +82 63-000-1100 · privacy@hanbitdesign.example</p>
<p>This policy takes effect on 1 January 2026.</p>`,
};

const terms: PageSeed = {
  path: "/terms",
  layout: "default",
  title: "이용약관",
  titleEn: "Terms of Use",
  description: "한빛지역디자인센터 웹사이트와 온라인 서비스의 이용 조건을 안내합니다.",
  descriptionEn: "The terms that apply when you use the website and online services of Hanbit Regional Design Center.",
  content: `<h2>제1조 (목적)</h2>
<p>이 약관은 한빛지역디자인센터(이하 "센터")가 제공하는 웹사이트와 온라인 서비스(이하 "서비스")의 이용 조건과 절차, 센터와 회원의 권리와 의무를 정합니다.</p>
<h2>제2조 (정의)</h2>
<ul>
<li>"회원"이란 약관에 동의하고 가입한 개인 회원, 디자인 기업 회원, 일반 기업 회원을 말합니다.</li>
<li>"출품작"이란 회원이 어워드나 공모전에 제출한 디자인과 관련 자료를 말합니다.</li>
</ul>
<h2>제3조 (약관의 효력과 변경)</h2>
<p>센터는 약관을 변경할 때 시행일 7일 전부터 공지하며, 회원에게 불리한 변경은 30일 전부터 공지합니다.</p>
<h2>제4조 (회원의 의무)</h2>
<ul>
<li>회원은 정확한 정보로 가입하고 계정을 안전하게 관리해야 합니다.</li>
<li>타인의 저작권 등 지식재산권을 침해하는 작품을 출품하거나 게시해서는 안 됩니다.</li>
</ul>
<h2>제5조 (출품료와 환불)</h2>
<p>기업 회원의 어워드 출품료는 접수 마감 전까지 취소하면 전액 환불합니다. 마감 후에는 심사가 시작되므로 환불하지 않습니다.</p>
<h2>제6조 (게시물의 관리)</h2>
<p>센터는 법령이나 약관을 위반한 게시물을 사전 통지 없이 숨기거나 삭제할 수 있습니다.</p>
<h2>제7조 (책임의 제한)</h2>
<p>센터는 천재지변 등 불가항력으로 서비스를 제공할 수 없는 경우 책임을 지지 않습니다.</p>
<h2>부칙</h2>
<p>이 약관은 2026년 1월 1일부터 시행합니다.</p>`,
  contentEn: `<h2>Article 1 (Purpose)</h2>
<p>These terms set out the conditions for using the website and online services ("the Services") of Hanbit Regional Design Center ("the Center"), and the rights and responsibilities of the Center and its members.</p>
<h2>Article 2 (Definitions)</h2>
<ul>
<li>"Member" means an individual, design company or other company that has agreed to these terms and registered.</li>
<li>"Entry" means a design and any related material a member submits to an award or contest.</li>
</ul>
<h2>Article 3 (Changes to these terms)</h2>
<p>We announce changes at least 7 days before they take effect, or 30 days before if a change is to members' disadvantage.</p>
<h2>Article 4 (Members' responsibilities)</h2>
<ul>
<li>Register with accurate details and keep your account secure.</li>
<li>Do not enter or post work that infringes anyone else's copyright or other intellectual property.</li>
</ul>
<h2>Article 5 (Entry fees and refunds)</h2>
<p>Company entry fees are refunded in full if an entry is withdrawn before the submission deadline. Fees are not refunded after the deadline, as judging will have begun.</p>
<h2>Article 6 (Posts)</h2>
<p>We may hide or remove posts that break the law or these terms without prior notice.</p>
<h2>Article 7 (Limitation of liability)</h2>
<p>We are not liable when the Services cannot be provided because of events beyond our control, such as natural disasters.</p>
<h2>Effective date</h2>
<p>These terms take effect on 1 January 2026.</p>`,
};

export const WWW_POLICY_PAGES: readonly PageSeed[] = [privacy, terms];
