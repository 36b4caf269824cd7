// /management/education (issue 14): the course list with application counts.
import { ManageList, manageListHandler } from "../../../components/programme/manage/ProgrammeAdmin.tsx";
import { define } from "../../../state.ts";

export const handler = manageListHandler("course");
export default define.page<typeof handler>(ManageList);
