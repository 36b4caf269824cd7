// /management/education/new (issue 14): create a course and attach its form.
import { editHandler, EditPage } from "../../../components/programme/manage/ProgrammeAdmin.tsx";
import { define } from "../../../state.ts";

export const handler = editHandler("course", true);
export default define.page<typeof handler>(EditPage);
