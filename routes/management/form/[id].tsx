// /management/form/{id} (issue 14 §1): the form builder — components added, edited, moved and removed
// by plain forms, the whole tree as JSON, and the preview in Korean and English.
import { builderHandler, BuilderPage } from "../../../components/form/Builder.tsx";
import { define } from "../../../state.ts";

export const handler = builderHandler;
export default define.page<typeof handler>(BuilderPage);
