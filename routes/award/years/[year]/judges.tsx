// /award/years/{year}/judges: that year's judges.
import { judgesHandler, JudgesPage } from "../../../../components/award/pages.tsx";

export const handler = judgesHandler;
export default JudgesPage;
