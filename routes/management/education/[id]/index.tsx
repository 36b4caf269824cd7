// /management/education/{id} (issue 14): the course's applications — filters, sort, review actions with mail, CSV.
import { reviewHandler, ReviewPage } from "../../../../components/programme/manage/Review.tsx";
import { define } from "../../../../state.ts";

export const handler = reviewHandler("course");
export default define.page<typeof handler>(ReviewPage);
