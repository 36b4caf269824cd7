// The tables of the page builder and site administration (issue 15) (filled in by the area's issue).
export {};
