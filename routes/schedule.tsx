// /schedule: the schedule of the site's current award (components/award/site-pages.tsx).
import { scheduleHandler, SchedulePage } from "../components/award/site-pages.tsx";

export const handler = scheduleHandler;
export default SchedulePage;
