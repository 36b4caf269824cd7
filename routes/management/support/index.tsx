// /management/support (issue 14): the support list with application counts.
import { ManageList, manageListHandler } from "../../../components/programme/manage/ProgrammeAdmin.tsx";
import { define } from "../../../state.ts";

export const handler = manageListHandler("support");
export default define.page<typeof handler>(ManageList);
