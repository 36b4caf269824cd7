// Every area's tables, for Drizzle's relational queries and drizzle-kit.
export * from "./site.ts";
export * from "./member.ts";
export * from "./settings.ts";
export * from "./file.ts";
export * from "./award.ts";
export * from "./pay.ts";
export * from "./draft.ts";
export * from "./push.ts";
export * from "./judging.ts";
export * from "./contest.ts";
export * from "./board.ts";
export * from "./programme.ts";
export * from "./market.ts";
export * from "./job.ts";
export * from "./builder.ts";
