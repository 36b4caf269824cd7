// Korean texts of the contest area (합니다체), joined into ../ko.ts under "contest".
export const contest = {} as const;
