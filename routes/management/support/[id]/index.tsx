// /management/support/{id} (issue 14): the support's applications — filters, sort, review actions with mail, CSV.
import { reviewHandler, ReviewPage } from "../../../../components/programme/manage/Review.tsx";
import { define } from "../../../../state.ts";

export const handler = reviewHandler("support");
export default define.page<typeof handler>(ReviewPage);
