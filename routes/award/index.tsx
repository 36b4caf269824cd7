// /award and /ibda: the family's current award with its schedule and phase, and its years.
import { homeHandler, HomePage } from "../../components/award/pages.tsx";

export const handler = homeHandler;
export default HomePage;
