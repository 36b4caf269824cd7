// The IBDA family answers exactly as the award family (SPEC §7 "the same family under /api/ibda").
export { config, handler } from "../../award/judges/[year].ts";
