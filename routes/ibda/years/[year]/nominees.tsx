// The IBDA family's page: the same as the award family's (the family comes from the path).
export { default, handler } from "../../../award/years/[year]/nominees.tsx";
