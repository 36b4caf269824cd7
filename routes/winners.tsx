// /winners: the winners of the latest results of the site's award family (components/award/site-pages.tsx).
import { winnersHandler, WinnersPage } from "../components/award/site-pages.tsx";

export const handler = winnersHandler;
export default WinnersPage;
