// The job portal's and talent sharing's code lists (SPEC §3 "Job codes: occupation, salary_type (D, H, M, Y),
// education, career (N, E, Z), employ_type, company_type, worker_num, holiday_type, work_hour, insurance" and
// "17 Korean regions with codes") and their statuses (SPEC §4). Labels live in i18n/{ko,en}/job.ts under
// `job.codes.<list>.<code>`. Browser-safe (no imports): the wizard islands check the same lists.

/** The 17 first-level administrative divisions of Korea with their statistical codes (시도 코드). */
export const REGIONS = [
  "11", // 서울특별시 Seoul
  "26", // 부산광역시 Busan
  "27", // 대구광역시 Daegu
  "28", // 인천광역시 Incheon
  "29", // 광주광역시 Gwangju
  "30", // 대전광역시 Daejeon
  "31", // 울산광역시 Ulsan
  "36", // 세종특별자치시 Sejong
  "41", // 경기도 Gyeonggi
  "42", // 강원특별자치도 Gangwon
  "43", // 충청북도 Chungbuk
  "44", // 충청남도 Chungnam
  "45", // 전북특별자치도 Jeonbuk
  "46", // 전라남도 Jeonnam
  "47", // 경상북도 Gyeongbuk
  "48", // 경상남도 Gyeongnam
  "50", // 제주특별자치도 Jeju
] as const;
export type Region = typeof REGIONS[number];

export const OCCUPATIONS = [
  "product",
  "visual",
  "brand",
  "packaging",
  "uiux",
  "web",
  "video",
  "character",
  "fashion",
  "interior",
  "environment",
  "craft",
  "other",
] as const;
/** SPEC §3 salary type: daily, hourly, monthly, yearly. */
export const SALARY_TYPES = ["D", "H", "M", "Y"] as const;
export const EDUCATIONS = ["any", "high", "college", "bachelor", "master", "doctor"] as const;
/** SPEC §3 career: N new, E experienced, Z either. */
export const CAREERS = ["N", "E", "Z"] as const;
export const EMPLOY_TYPES = ["regular", "contract", "intern", "part_time", "freelance", "dispatch"] as const;
export const COMPANY_TYPES = ["large", "midsize", "small", "startup", "design", "public", "foreign"] as const;
/** Worker count brackets, named by their lower bound. */
export const WORKER_NUMS = ["1", "5", "10", "50", "100", "300", "1000"] as const;
export const HOLIDAY_TYPES = ["five_days", "six_days", "alternate", "shift", "other"] as const;
export const WORK_HOURS = ["day", "flexible", "shift", "remote", "negotiable"] as const;
export const INSURANCES = ["pension", "health", "employment", "accident"] as const;
export const GENDERS = ["female", "male", "undisclosed"] as const;
/** How to apply: through this site, by mail, on the company's site, in person. */
export const APPLY_METHODS = ["online", "email", "homepage", "visit"] as const;

export type Occupation = typeof OCCUPATIONS[number];
export type SalaryType = typeof SALARY_TYPES[number];
export type Education = typeof EDUCATIONS[number];
export type Career = typeof CAREERS[number];
export type EmployType = typeof EMPLOY_TYPES[number];
export type CompanyType = typeof COMPANY_TYPES[number];
export type WorkerNum = typeof WORKER_NUMS[number];
export type HolidayType = typeof HOLIDAY_TYPES[number];
export type WorkHour = typeof WORK_HOURS[number];
export type Insurance = typeof INSURANCES[number];
export type Gender = typeof GENDERS[number];
export type ApplyMethod = typeof APPLY_METHODS[number];

/** Every code list by its SPEC name; `job.codes.<name>.<code>` is each code's label. */
export const JOB_CODES = {
  region: REGIONS,
  occupation: OCCUPATIONS,
  salary_type: SALARY_TYPES,
  education: EDUCATIONS,
  career: CAREERS,
  employ_type: EMPLOY_TYPES,
  company_type: COMPANY_TYPES,
  worker_num: WORKER_NUMS,
  holiday_type: HOLIDAY_TYPES,
  work_hour: WORK_HOURS,
  insurance: INSURANCES,
  gender: GENDERS,
  apply_method: APPLY_METHODS,
} as const;
export type JobCodeList = keyof typeof JOB_CODES;

export function isCode<L extends JobCodeList>(list: L, value: unknown): value is typeof JOB_CODES[L][number] {
  return typeof value === "string" && (JOB_CODES[list] as readonly string[]).includes(value);
}

// ---------- Statuses (SPEC §4) ----------

/** Job posting: 0 cancelled, 1 recruiting, 2 done (never back to recruiting). */
export const POSTING_STATUSES = ["cancelled", "recruiting", "done"] as const;
export type PostingStatus = typeof POSTING_STATUSES[number];
/** The numeric codes SPEC §4 gives the posting statuses (answered beside the name). */
export const POSTING_STATUS_CODES: Record<PostingStatus, number> = { cancelled: 0, recruiting: 1, done: 2 };

/** Resume: true (looking) or false (completed). */
export const RESUME_STATUSES = ["looking", "completed"] as const;
export type ResumeStatus = typeof RESUME_STATUSES[number];

/** A job application: sent, then accepted or declined by the company, or withdrawn by the applicant. */
export const APPLICATION_STATUSES = ["applied", "accepted", "declined", "cancelled"] as const;
export type ApplicationStatus = typeof APPLICATION_STATUSES[number];

export const SHARE_TYPES = ["donate", "request"] as const;
export type ShareType = typeof SHARE_TYPES[number];
/** Talent donation: 0 inactive, 1 sharing, 2 ended. */
export const DONATE_STATUSES = ["inactive", "sharing", "ended"] as const;
export type DonateStatus = typeof DONATE_STATUSES[number];
/** Talent request: 0 inactive, 1 requesting, 2 in progress, 3 ended. */
export const REQUEST_STATUSES = ["inactive", "requesting", "in_progress", "ended"] as const;
export type RequestStatus = typeof REQUEST_STATUSES[number];
export type ShareStatus = DonateStatus | RequestStatus;
export const SHARE_STATUSES = ["inactive", "sharing", "requesting", "in_progress", "ended"] as const;

/** The status a share is open for applications in (SPEC §4: sharing, requesting). */
export const OPEN_SHARE_STATUS: Record<ShareType, ShareStatus> = { donate: "sharing", request: "requesting" };

/** The numeric code of a share status for its type (SPEC §4). */
export function shareStatusCode(type: ShareType, status: ShareStatus): number {
  const list: readonly string[] = type === "donate" ? DONATE_STATUSES : REQUEST_STATUSES;
  return list.indexOf(status);
}

// ---------- Limits ----------

/** Salary and desired pay in integer KRW: 0 means "by agreement". */
export const PAY_MAX = 10_000_000_000;
/** People to hire, and the number of applications a share accepts. */
export const HIRE_MAX = 1_000;
export const APPROVED_MAX = 1_000;
export const SHARE_IMAGES_MAX = 5;
/** SPEC §9 default per page. */
export const PER_PAGE = 8;

/** SPEC §5 URL: http or https with a host (a `javascript:` portfolio is refused). */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0 &&
      !url.username && !url.password;
  } catch {
    return false;
  }
}
