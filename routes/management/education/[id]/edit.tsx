// /management/education/{id}/edit (issue 14): edit the course and its attached form.
import { editHandler, EditPage } from "../../../../components/programme/manage/ProgrammeAdmin.tsx";
import { define } from "../../../../state.ts";

export const handler = editHandler("course", false);
export default define.page<typeof handler>(EditPage);
