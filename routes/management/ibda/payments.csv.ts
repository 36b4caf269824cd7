// The IBDA family's payments CSV: the same as the award family's (the family comes from the path).
export { handler } from "../award/payments.csv.ts";
