// The IBDA family's entries CSV: the same as the award family's (the family comes from the path).
export { handler } from "../award/entries.csv.ts";
