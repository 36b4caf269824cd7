// /management/education/{id}/documents.zip (issue 14): the applications' documents as one zip.
import { documentsHandler } from "../../../../components/programme/manage/Review.tsx";

export const handler = documentsHandler("course");
