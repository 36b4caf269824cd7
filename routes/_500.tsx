// Every error status other than 404 renders here, with its own title and text.
import { ErrorScreen } from "../components/ErrorScreen.tsx";
import { hasMessage } from "../i18n/mod.ts";
import { define } from "../state.ts";

export const handler = define.errorHandler(({ state, status }) => {
  state.layout = "notfound";
  const titleKey = `error.${status}.title`;
  state.title = hasMessage(titleKey) ? state.t(titleKey) : state.t("error.500.title");
});

export default define.errorPage(({ state, status, error }) => (
  <ErrorScreen state={state} status={status} error={error} />
));
