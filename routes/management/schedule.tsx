// /management/schedule (SPEC §2.2, issue 23 §14): the events schedule the boards area keeps with its
// galleries — the same screen as /management/akfw/schedule, on its own and under the `schedule` grant.
import { galleryHandlers } from "./akfw/[kind].tsx";

export const handler = galleryHandlers({ kind: "schedule", path: "/management/schedule" });
export { default } from "./akfw/[kind].tsx";
