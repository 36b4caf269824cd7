// /education (issue 14): the public list of course entries (components/programme/ProgrammeList.tsx).
import { ProgrammeList, programmeListHandler } from "../../components/programme/ProgrammeList.tsx";
import { define, type RouteConfig } from "../../state.ts";

export const config: RouteConfig = { access: "public" };
export const handler = programmeListHandler("course");
export default define.page<typeof handler>(ProgrammeList);
