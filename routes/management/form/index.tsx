// /management/form (issue 14 §1): the forms with their version and answers; creating one.
import { formListHandler, FormListPage } from "../../../components/form/Builder.tsx";
import { define } from "../../../state.ts";

export const handler = formListHandler;
export default define.page<typeof handler>(FormListPage);
