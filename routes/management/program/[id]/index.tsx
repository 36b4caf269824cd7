// /management/program/{id} (issue 14): the program's applications — filters, sort, review actions with mail, CSV.
import { reviewHandler, ReviewPage } from "../../../../components/programme/manage/Review.tsx";
import { define } from "../../../../state.ts";

export const handler = reviewHandler("program");
export default define.page<typeof handler>(ReviewPage);
