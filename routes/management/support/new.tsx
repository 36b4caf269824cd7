// /management/support/new (issue 14): create a support and attach its form.
import { editHandler, EditPage } from "../../../components/programme/manage/ProgrammeAdmin.tsx";
import { define } from "../../../state.ts";

export const handler = editHandler("support", true);
export default define.page<typeof handler>(EditPage);
