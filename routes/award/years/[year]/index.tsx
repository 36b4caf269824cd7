// /award/years/{year}: that year's exhibition (entries shown during the display period), by category.
import { listHandler, ListPage } from "../../../../components/award/pages.tsx";

export const handler = listHandler("exhibition");
export default ListPage;
