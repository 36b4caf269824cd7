// Korean texts of the market area (합니다체), joined into ../ko.ts under "market".
export const market = {} as const;
