import { ErrorScreen } from "../components/ErrorScreen.tsx";
import { define } from "../state.ts";

export const handler = define.errorHandler(({ state }) => {
  state.layout = "notfound";
  state.title = state.t("error.404.title");
});

export default define.errorPage(({ state, error }) => <ErrorScreen state={state} status={404} error={error} />);
