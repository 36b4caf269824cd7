// Every /management screen sits in the management shell (side menu of reachable sections).
import { ManagementFrame } from "../../components/management/Frame.tsx";
import { define } from "../../state.ts";
import { requestGrants } from "./_middleware.ts";

export default define.layout(({ Component, state, url }) => (
  <ManagementFrame state={state} url={url} grants={requestGrants(state)}>
    <Component />
  </ManagementFrame>
));
