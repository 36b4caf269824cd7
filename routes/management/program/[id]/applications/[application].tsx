// /management/program/{id}/applications/{application} (issue 14): one application's answers and documents.
import { applicationHandler, ApplicationPage } from "../../../../../components/programme/manage/Review.tsx";
import { define } from "../../../../../state.ts";

export const handler = applicationHandler("program");
export default define.page<typeof handler>(ApplicationPage);
