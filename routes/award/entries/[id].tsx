// /award/entries/{id}: one exhibited, winning or nominated entry (SPEC §8: not exhibition period).
import { entryHandler, EntryPage } from "../../../components/award/pages.tsx";

export const handler = entryHandler;
export default EntryPage;
