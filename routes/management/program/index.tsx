// /management/program (issue 14): the program list with application counts.
import { ManageList, manageListHandler } from "../../../components/programme/manage/ProgrammeAdmin.tsx";
import { define } from "../../../state.ts";

export const handler = manageListHandler("program");
export default define.page<typeof handler>(ManageList);
