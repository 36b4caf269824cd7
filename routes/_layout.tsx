// Every page sits in the shell its route chose (state.layout): default, sub, home, print, notfound…, the one
// its site set for the screen's layout (state.siteLayout: audit, user, builder), or the app's shell when the
// council's app opened it (components/layouts/mod.tsx shellName).
import { layouts, shellName } from "../components/layouts/mod.tsx";
import { define } from "../state.ts";

export default define.layout(({ Component, state, url }) => {
  const Shell = layouts[shellName(state, url)] ?? layouts.default;
  // A screen of a site layout (audit, user, builder: state.siteLayout) shows that layout's notes too.
  const notes = state.layout === "notfound" ? undefined : state.siteLayout;
  return (
    <Shell state={state} url={url}>
      {notes?.notice && <p class="layout-notice">{notes.notice}</p>}
      <Component />
      {notes?.footerNote && <p class="layout-note">{notes.footerNote}</p>}
    </Shell>
  );
});
