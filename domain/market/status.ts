// The market's two status machines (SPEC §4): a product waits for the council, goes on sale (approved) or
// is banned with a reason (rejected), and is sold (finished) when a purchase finishes; a wizard draft that
// is not stored yet is no row at all (domain/common/drafts.ts). A purchase request is requested, taken
// forward (on_going), then finished or canceled; taking one forward cancels every other open request of
// the product in the same transaction (domain/market/requests.ts).
import { statusMachine } from "../common/status.ts";
import { PRODUCT_STATUSES, REQUEST_STATUSES } from "./options.ts";

export const productMachine = statusMachine(PRODUCT_STATUSES, {
  /** The seller edits the product while it waits for approval. */
  edit: { from: ["waiting"], to: "waiting" },
  approve: { from: ["waiting"], to: "approved" },
  /** The council bans a product, waiting or on sale, with a reason. */
  ban: { from: ["waiting", "approved"], to: "rejected" },
  /** A finished purchase sells the product. */
  sell: { from: ["approved"], to: "finished" },
}, { refusal: "market.wrong_status" });

export const requestMachine = statusMachine(REQUEST_STATUSES, {
  /** The seller takes the request forward. */
  forward: { from: ["requested"], to: "on_going" },
  /** The seller marks the purchase finished. */
  finish: { from: ["on_going"], to: "finished" },
  /** The buyer or the seller cancels. */
  cancel: { from: ["requested", "on_going"], to: "canceled" },
  /** Another request of the product was taken forward. */
  displace: { from: ["requested"], to: "canceled" },
}, { refusal: "market.no_request" });

export type ProductAction = keyof typeof productMachine.transitions;
export type RequestAction = keyof typeof requestMachine.transitions;
