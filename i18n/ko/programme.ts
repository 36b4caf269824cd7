// Korean texts of the programme area (합니다체), joined into ../ko.ts under "programme".
export const programme = {} as const;
