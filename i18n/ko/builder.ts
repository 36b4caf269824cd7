// Korean texts of the page builder and site administration (issue 15) (합니다체), joined into ../ko.ts under "builder".
export const builder = {} as const;
