// /education/{id} (issue 14): one course with its application form; GET for everyone, POST (applying) for
// members (components/programme/ProgrammePage.tsx). A non-numeric segment is a content page.
import { programmeHandler, programmePage } from "../../components/programme/ProgrammePage.tsx";
import type { RouteConfig } from "../../state.ts";

export const config: RouteConfig = { access: { GET: "public", POST: "signed-in" } };
export const handler = programmeHandler("course");
export default programmePage;
