// Every page sits in the shell its route chose (state.layout): default, sub, home, print, notfound…, or the
// app's shell when the council's app opened it (components/layouts/mod.tsx shellName).
import { layouts, shellName } from "../components/layouts/mod.tsx";
import { define } from "../state.ts";

export default define.layout(({ Component, state, url }) => {
  const Shell = layouts[shellName(state, url)] ?? layouts.default;
  return (
    <Shell state={state} url={url}>
      <Component />
    </Shell>
  );
});
