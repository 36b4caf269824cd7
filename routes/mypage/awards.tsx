// /mypage/awards (SPEC §2.5 my page): the member's award entries — state, fee, payment — with edit and
// cancel while submission is open and payment while the fee waits.
import { myEntriesHandler, MyEntriesPage } from "../../components/award/my-entries-page.tsx";
import { define } from "../../state.ts";

export const handler = myEntriesHandler("award");

export default define.page<typeof handler>((props) => <MyEntriesPage {...props} family="award" />);
