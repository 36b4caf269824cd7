// /designer/{id} (issue 19 part 6): a member's public designer profile, in Korean or (under /en) English,
// with only the parts they chose on /profile. A member who did not turn it on, who withdrew, or who does not
// exist has no page (404). Not kept in the page cache: turning it off or withdrawing takes it away at once.
import { page } from "../../framework/define.ts";
import { DesignerProfilePage } from "../../components/job/profile.tsx";
import { IdParam } from "../../domain/award/queries.ts";
import { publicDesignerProfile, type PublicProfile } from "../../domain/job/profile.ts";
import { parseOrThrow } from "../../domain/validation.ts";
import { define, type RouteConfig } from "../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, params }) {
    const { id } = parseOrThrow(IdParam, params, 400);
    const profile = await publicDesignerProfile(state.db, id, {
      locale: state.locale,
      rate: state.config.usdKrwRate,
      secret: state.certificateSecret,
    });
    state.layout = "default";
    state.title = `${profile.name} · ${state.t("job.profile.title")}`;
    return page<PublicProfile>(profile, { headers: { "cache-control": "no-store" } });
  },
});

export default define.page<typeof handler>(({ data, state }) => <DesignerProfilePage state={state} data={data} />);
