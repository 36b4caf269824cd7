// The market area's tables (filled in by the area's issue).
export {};
