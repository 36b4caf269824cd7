// The tables of the job portal and talent sharing (issue 19) (filled in by the area's issue).
export {};
