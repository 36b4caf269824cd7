// /management/support/{id}/applications/{application} (issue 14): one application's answers and documents.
import { applicationHandler, ApplicationPage } from "../../../../../components/programme/manage/Review.tsx";
import { define } from "../../../../../state.ts";

export const handler = applicationHandler("support");
export default define.page<typeof handler>(ApplicationPage);
