// The postal lookup's texts and the member address's inputs (issue 23 §8): one lookup island
// (islands/FormAddressLookup.tsx) serves form-builder address fields and the member's own address.
import type { FormAddressLookupProps } from "../../islands/FormAddressLookup.tsx";

const KEYS = ["search", "query", "results", "none", "choose", "failed"] as const;

/** The lookup's labels through any translator (the server's, or an island's dictionary). */
export function addressLookupLabels(t: (key: string) => string): FormAddressLookupProps["labels"] {
  return Object.fromEntries(KEYS.map((k) => [k, t(`programme.form.addr.${k}`)])) as FormAddressLookupProps["labels"];
}

/** Where a found address goes in the member's forms: 시·도 is the state, 시·군·구 the city, the building joins the road. */
export const MEMBER_ADDRESS_INPUTS: FormAddressLookupProps["names"] = {
  zip: "zip",
  road: "address1",
  city: "state",
  district: "city",
  detail: "address2",
};

/** The same without city and state, for the registration form, which asks only zip and two lines. */
export const REGISTER_ADDRESS_INPUTS: FormAddressLookupProps["names"] = {
  zip: "zip",
  road: "address1",
  detail: "address2",
};
