// Every area's tables, for Drizzle's relational queries and drizzle-kit.
export * from "./site.ts";
