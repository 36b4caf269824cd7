// /award/years/{year}/nominees: that year's nominees, by category, after the first announcement.
import { listHandler, ListPage } from "../../../../components/award/pages.tsx";

export const handler = listHandler("nominees");
export default ListPage;
