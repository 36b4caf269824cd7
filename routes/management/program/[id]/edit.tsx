// /management/program/{id}/edit (issue 14): edit the program and its attached form.
import { editHandler, EditPage } from "../../../../components/programme/manage/ProgrammeAdmin.tsx";
import { define } from "../../../../state.ts";

export const handler = editHandler("program", false);
export default define.page<typeof handler>(EditPage);
