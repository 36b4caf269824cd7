// SPEC §6, the one place permissions are decided. Pure predicates over who is asking; every guarded
// route and domain function calls these. The administrator passes every check.

export const ROLE_CODES = [
  "member",
  "design",
  "company",
  "judge",
  "ibda",
  "dcb",
  "gnk",
  "shoes",
  "administrator",
  "support_group",
] as const;
export type RoleCode = typeof ROLE_CODES[number];
/** Judge families whose judges need the family role and `judge`, both approved (SPEC §6). */
export const JUDGE_FAMILIES = ["ibda", "dcb", "shoes"] as const;
export type JudgeFamily = typeof JUDGE_FAMILIES[number];

export interface RoleEntry {
  code: RoleCode;
  /** The role needs approval to count (SPEC §3 Role entry: approval flag). */
  needsApproval: boolean;
  /** pivot.approved */
  approved: boolean;
  testable: boolean;
}

export interface Viewer {
  /** 0 means anonymous (SPEC §3 User). */
  id: number;
  roles: RoleEntry[];
}

export const ANONYMOUS: Viewer = { id: 0, roles: [] };

/** A role counts when held and, if it needs approval, approved. */
export function hasRole(viewer: Viewer, code: RoleCode): boolean {
  return viewer.roles.some((r) => r.code === code && (!r.needsApproval || r.approved));
}

export function isAdministrator(viewer: Viewer): boolean {
  return hasRole(viewer, "administrator");
}

export function isSignedIn(viewer: Viewer): boolean {
  return viewer.id > 0;
}

/** The codes a viewer holds that count, `anonymous` for nobody (GET /api/identify's roles). */
export function effectiveRoles(viewer: Viewer): string[] {
  if (!isSignedIn(viewer)) return ["anonymous"];
  return viewer.roles.filter((r) => hasRole(viewer, r.code)).map((r) => r.code);
}

const admin = (fn: (viewer: Viewer) => boolean) => (viewer: Viewer) => isAdministrator(viewer) || fn(viewer);

/** Individual member. */
export const isIndividual = admin((v) => hasRole(v, "member"));
/** "Company" means an approved company or design company. */
export const isCompany = admin((v) => hasRole(v, "company") || hasRole(v, "design"));
export const isJudge = admin((v) => hasRole(v, "judge"));
export const isFamilyJudge = (family: JudgeFamily) => admin((v) => hasRole(v, "judge") && hasRole(v, family));
/** Testers are members with a role flagged testable. */
export const isTester = admin((v) => v.roles.some((r) => r.testable));
/** Administrators and testers may submit at any time. */
export const canSubmitAnyTime = isTester;
export const canSeeManagementLink = admin((v) => hasRole(v, "support_group"));
/** The guard that needs some role other than none (403 otherwise). */
export const hasAnyRole = admin((v) => effectiveRoles(v).some((c) => c !== "anonymous"));
/** Only members submit awards and contests, register market goods and host contests. */
export const isMember = admin((v) => isSignedIn(v) && hasAnyRole(v));
/** Only individual or new (no role yet) members may apply as judge. */
export const canApplyAsJudge = admin((v) => isSignedIn(v) && (hasRole(v, "member") || v.roles.length === 0));
export const canPostJobs = isCompany;
export const canPostResume = isIndividual;

/** Signed in, but every role still waits for approval (or was rejected): login answers that. */
export function awaitsApproval(viewer: Viewer): boolean {
  return isSignedIn(viewer) && viewer.roles.length > 0 && !hasAnyRole(viewer);
}

/** Roles that run the management area; only administrators decide on them (no self-promotion). */
export const STAFF_ROLES: readonly RoleCode[] = ["administrator", "support_group"];

/**
 * Managing another member's account in /management/user (approve, reject, testable, remove, reset mail):
 * nobody acts on their own account, and only administrators act on staff accounts (SPEC §6; no escalation).
 */
export function canManageAccount(viewer: Viewer, target: Viewer): boolean {
  if (!isSignedIn(viewer) || viewer.id === target.id) return false;
  return isAdministrator(viewer) || !target.roles.some((r) => STAFF_ROLES.includes(r.code));
}

/** Deciding on a role (approve, reject, testable, remove): staff roles are the administrators' alone. */
export function canDecideRole(viewer: Viewer, code: RoleCode): boolean {
  return isAdministrator(viewer) || !STAFF_ROLES.includes(code);
}

export interface ManagementAccess {
  accessible: boolean;
  sources: string[];
  granted: string[];
}

/**
 * SPEC §6 management routes: administrators reach everything; for others /manager and /ip are forbidden,
 * the root is open, and any other sub-path needs a grant of its first segment.
 */
export function managementAccess(viewer: Viewer, path: string, grants: string[]): ManagementAccess {
  const clean = `/${path.replace(/^\/+|\/+$/g, "")}`.toLowerCase();
  if (isAdministrator(viewer)) return { accessible: true, sources: ["*"], granted: ["*"] };
  if (!canSeeManagementLink(viewer)) return { accessible: false, sources: [], granted: [] };
  const forbidden = ["/manager", "/ip"].some((p) => clean === p || clean.startsWith(`${p}/`));
  const section = clean.split("/")[1] ?? "";
  const accessible = !forbidden && (clean === "/" || grants.includes(section));
  return { accessible, sources: accessible && section ? [section] : [], granted: grants };
}

/** Who sees a member's whole payout account number: the member and administrators (the rest see it masked). */
export function canSeeWholeBankAccount(viewer: Viewer, ownerId: number): boolean {
  return isSignedIn(viewer) && (viewer.id === ownerId || isAdministrator(viewer));
}

// Awards (SPEC §6)

/** Administrators and testers submit at any time; other members only while submission is open (SPEC §4). */
export function canSubmitAward(viewer: Viewer, submissionOpen: boolean): boolean {
  return canSubmitAnyTime(viewer) || (isMember(viewer) && submissionOpen);
}

/** Auditing needs the award's auditable flag and an approved ibda judge (role ibda plus judge) (SPEC §4). */
export function canAuditAward(viewer: Viewer, auditable: boolean): boolean {
  return auditable && isFamilyJudge("ibda")(viewer);
}

/**
 * Reading the files of an IBDA award's submitted entries as one of its judges: the judges who may open the
 * award's entries (`/api/ibda/{id}/entries`) may read them, by that same predicate — an IBDA award's only.
 * The panel of any award reads the entries it judges through domain/judging (judgesAnyEntry).
 */
export function canJudgeAwardFiles(viewer: Viewer, award: { auditable: boolean; family: string }): boolean {
  return award.family === "ibda" && canAuditAward(viewer, award.auditable);
}

// Files (SPEC §6: "file access has a role setting"; §8 download failures)

export interface FileAccessFacts {
  ownerId: number | null;
  access: "public" | "owner" | "judges";
}

/** What the file's area says of the viewer beyond owner and administrator. */
export interface FileGrants {
  /** The viewer judges the file's award and a submitted entry of it holds the file. */
  judgesTheFile?: boolean;
  /** The file is a market product's IP file the viewer may read (canReadMarketIpFile). */
  buysTheFile?: boolean;
  /**
   * The file is held by a board post, and whether the viewer may read that post now (domain/board/rights.ts
   * readAccess: the board's read right, a secret post's writer, staff and password holder, approval,
   * deletion, posting period). Set, it decides alone: a post's files are read exactly by the post's readers.
   */
  readsThePost?: boolean;
}

/**
 * Public files are everybody's; the others are their owner's and the administrators'; `judges` files
 * also the judges'. `judgesTheFile` is whether the viewer judges the file's award and the file belongs to
 * a submitted entry of it (canJudgeAwardFiles, checked by domain/file/access.ts); `buysTheFile` whether it
 * is a market product's IP file and the viewer's purchase request of it is on_going (canReadMarketIpFile);
 * `readsThePost` whether the viewer reads the board post that holds the file (its files follow the post).
 */
export function canReadFile(viewer: Viewer, file: FileAccessFacts, grants: FileGrants = {}): boolean {
  if (file.access === "public") return true;
  if (grants.readsThePost !== undefined) return grants.readsThePost;
  if (!isSignedIn(viewer)) return false;
  if (isAdministrator(viewer) || file.ownerId === viewer.id) return true;
  if (grants.buysTheFile) return true;
  return file.access === "judges" && grants.judgesTheFile === true;
}

/** DELETE /api/file/{id}: the owner or an administrator (SPEC §7). */
export function canDeleteFile(viewer: Viewer, file: FileAccessFacts): boolean {
  return isSignedIn(viewer) && (isAdministrator(viewer) || file.ownerId === viewer.id);
}

/**
 * Purposes only the management area uploads for: site assets, builder pages' pictures (the `page` section,
 * as canBuildPages), award artwork and external contests' posters.
 * A contest entry's files (contest_image, contest_thumbnail …) are the entrant's, like an award entry's.
 */
const MANAGED_PURPOSES = [
  "asset",
  "page_image",
  "award_thumbnail",
  "award_poster",
  "award_seal",
  "contest_external_poster",
];

/**
 * Members upload for their own forms; the management purposes need the administrator or a management
 * grant of the section (asset, page, award, contest: the purpose's first word).
 */
export function canUploadFor(viewer: Viewer, purpose: string, grants: string[] = []): boolean {
  if (!isMember(viewer)) return false;
  if (!MANAGED_PURPOSES.includes(purpose)) return true;
  const section = purpose === "asset" ? "asset" : purpose.split("_")[0];
  return managementAccess(viewer, `/${section}`, grants).accessible;
}

// ---------- Boards and galleries (issue 13) ----------

/** Board staff (SPEC §6): administrators and the support group read hidden and secret posts and moderate. */
export const isBoardStaff = admin((v) => hasRole(v, "support_group"));

/**
 * A board right (SPEC §6: read, write, reply, comment, edit, delete), given the role codes the board
 * allows for the action: "anonymous" lets everybody; otherwise a signed-in viewer needs one of the codes
 * (counted as hasRole counts them). Board staff pass every right.
 */
export function hasBoardRight(viewer: Viewer, allowed: readonly string[]): boolean {
  if (isBoardStaff(viewer) || allowed.includes("anonymous")) return true;
  return isSignedIn(viewer) && effectiveRoles(viewer).some((code) => allowed.includes(code));
}

// ---------- Forms, programmes, business support and education (issue 14) ----------

/**
 * Applying to a programme, support call or course (SPEC §6): members only; an empty role list lets any
 * member apply, otherwise one of the listed roles ("company" means an approved company or design
 * company, as isCompany says); administrators always.
 */
export function canApplyToProgramme(viewer: Viewer, roles: readonly string[]): boolean {
  if (!isMember(viewer)) return false;
  if (isAdministrator(viewer) || roles.length === 0) return true;
  return roles.some((code) => (code === "company" ? isCompany(viewer) : hasRole(viewer, code as RoleCode)));
}

// ---------- The design market (issue 18) ----------

/** Registering goods needs a member (SPEC §6 "login required for … market registration"). */
export const canRegisterMarketGoods = isMember;

export interface MarketProductFacts {
  sellerId: number;
}

/** The seller of a product, or an administrator: take requests forward, finish, cancel, edit while waiting. */
export function canSellProduct(viewer: Viewer, product: MarketProductFacts): boolean {
  return isSignedIn(viewer) && (viewer.id === product.sellerId || isAdministrator(viewer));
}

/** A purchase request: a member who is not the seller (SPEC §8 market "login needed"; nobody buys their own). */
export function canRequestProduct(viewer: Viewer, product: MarketProductFacts): boolean {
  return isMember(viewer) && viewer.id !== product.sellerId;
}

/**
 * The IP file (PDF) of a product: the seller and administrators, staff granted the market section (they
 * review the product in /management/market, which links the file), and a buyer only once the seller took
 * their request forward (on_going) or the purchase finished (issue 18 §2). `buyerOnGoing` is checked by
 * domain/market/files.ts; `grants` are the viewer's management sections.
 */
export function canReadMarketIpFile(
  viewer: Viewer,
  product: MarketProductFacts,
  buyerOnGoing: boolean,
  grants: string[] = [],
): boolean {
  return isSignedIn(viewer) &&
    (canSellProduct(viewer, product) || buyerOnGoing || managementAccess(viewer, "/market", grants).accessible);
}

// ---------- The job portal and talent sharing (issue 19) ----------

/** SPEC §6: only company members post jobs (canPostJobs), only individual members write resumes and apply. */
export const canApplyToJobs = canPostResume;

/** A posting's own company (still a company member) or an administrator: edit, close, cancel, decide applicants. */
export function canManagePosting(viewer: Viewer, posting: { companyId: number }): boolean {
  return isAdministrator(viewer) || (viewer.id === posting.companyId && isCompany(viewer));
}

export interface ResumeFacts {
  ownerId: number;
  /** SPEC §4 resume status true: the member is looking for work. */
  looking: boolean;
  /** The resume applied to a posting of the viewer's that is still recruiting. */
  appliedToViewersRecruiting: boolean;
}

/**
 * A whole resume: its owner and administrators; a company while the member is looking (companies browse
 * them) or while a posting of the company's that the resume applied to is recruiting; nobody else.
 */
export function canReadResume(viewer: Viewer, resume: ResumeFacts): boolean {
  if (!isSignedIn(viewer)) return false;
  if (isAdministrator(viewer) || viewer.id === resume.ownerId) return true;
  return isCompany(viewer) && (resume.looking || resume.appliedToViewersRecruiting);
}

/** Talent sharing: any member offers or asks for talent (SPEC §2.5 talent share registration). */
export const canRegisterShare = isMember;

/** A share's owner or an administrator: change its status, accept and decline applications. */
export function canManageShare(viewer: Viewer, share: { userId: number }): boolean {
  return isSignedIn(viewer) && (viewer.id === share.userId || isAdministrator(viewer));
}

/** Applying to a share: a member who is not its owner. */
export function canApplyToShare(viewer: Viewer, share: { userId: number }): boolean {
  return isMember(viewer) && viewer.id !== share.userId;
}

// ---------- The page builder and site administration (issue 15) ----------

/** Building pages (/builder, its calls, /management/page and /management/content): the `page` section. */
export function canBuildPages(viewer: Viewer, grants: string[]): boolean {
  return managementAccess(viewer, "/page", grants).accessible;
}

/** Publishing and rolling back a page goes with building it (one right, as the screens do). */
export const canPublishPages = canBuildPages;

/**
 * The address rules of the management area (/management/ip) are the administrators' alone: SPEC §6 forbids
 * /ip to everyone else, whatever their grants.
 */
export function canEditAddressRules(viewer: Viewer): boolean {
  return isAdministrator(viewer);
}
