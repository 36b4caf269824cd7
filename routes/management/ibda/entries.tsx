// The IBDA family's management screen: the same as the award family's (the family comes from the path).
export { default, handler } from "../award/entries.tsx";
