// Korean texts of the board area (합니다체), joined into ../ko.ts under "board".
export const board = {} as const;
