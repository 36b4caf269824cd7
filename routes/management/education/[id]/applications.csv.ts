// /management/education/{id}/applications.csv (issue 14): the review table's filter as a streamed CSV.
import { csvHandler } from "../../../../components/programme/manage/Review.tsx";

export const handler = csvHandler("course");
