// /award/years/{year}/winners: that year's winners in rank order, by category, once the results are out.
import { listHandler, ListPage } from "../../../../components/award/pages.tsx";

export const handler = listHandler("winners");
export default ListPage;
