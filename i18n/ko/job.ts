// Korean texts of the job portal and talent sharing (issue 19) (합니다체), joined into ../ko.ts under "job".
export const job = {} as const;
