// /management/statistics/ibda: the IBDA family's statistics (the family comes from the path).
export { default, handler } from "./award.tsx";
