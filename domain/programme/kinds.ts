// The programme area's option values (no imports: the schema, islands and rules share them).

/** What people apply to with a form: a programme, a business-support call, an education course. */
export const PROGRAMME_KINDS = ["program", "support", "course"] as const;
export type ProgrammeKind = typeof PROGRAMME_KINDS[number];

/**
 * An application's review status (domain/programme/review.ts): received → reviewing → accepted or
 * rejected; `waiting` is a course's waiting list; `cancelled` the applicant withdrew.
 */
export const APPLICATION_STATUSES = ["waiting", "received", "reviewing", "accepted", "rejected", "cancelled"] as const;
export type ApplicationStatus = typeof APPLICATION_STATUSES[number];

/** Statuses that hold a place of a course (capacity counts these). */
export const PLACE_HOLDING: readonly ApplicationStatus[] = ["received", "reviewing", "accepted"];

/** SPEC §4 support programme statuses, from the application dates. */
export const SUPPORT_STATUSES = ["recruiting", "scheduled", "terminated"] as const;
export type SupportStatus = typeof SUPPORT_STATUSES[number];

/** Role codes a programme may open its applications to (SPEC §6 roles). */
export const APPLICANT_ROLES = ["member", "design", "company"] as const;
