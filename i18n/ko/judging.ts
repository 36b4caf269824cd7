// Korean texts of the judging area (합니다체), joined into ../ko.ts under "judging".
export const judging = {} as const;
