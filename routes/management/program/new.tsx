// /management/program/new (issue 14): create a program and attach its form.
import { editHandler, EditPage } from "../../../components/programme/manage/ProgrammeAdmin.tsx";
import { define } from "../../../state.ts";

export const handler = editHandler("program", true);
export default define.page<typeof handler>(EditPage);
