// Every page sits in the shell its route chose (state.layout): default, sub, home, print, notfound…
import { layouts } from "../components/layouts/mod.tsx";
import { define } from "../state.ts";

export default define.layout(({ Component, state, url }) => {
  const Shell = layouts[state.layout] ?? layouts.default;
  return (
    <Shell state={state} url={url}>
      <Component />
    </Shell>
  );
});
