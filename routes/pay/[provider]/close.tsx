// /pay/{provider}/close (SPEC §2.1): the provider's window was closed before paying. Nothing changes (the
// order stays ready and simply expires unused); the screen says so and leads back to my page. Inicis loads
// this page inside its window and closes it with its own script.
import { page } from "../../../framework/define.ts";
import { PayClosed } from "../../../components/pay/PayScreens.tsx";
import { INICIS_CLOSE_SCRIPT, INICIS_PAGE_POLICY } from "../../../domain/pay/inicis.ts";
import { assertActiveProvider } from "../../../domain/pay/web.ts";
import { define } from "../../../state.ts";

export const handler = define.handlers({
  GET({ state, params }) {
    const provider = assertActiveProvider(state.config, params.provider);
    state.layout = "default";
    state.title = state.t("pay.close.title");
    const inicis = provider === "inicis";
    return page({ closeScript: inicis ? INICIS_CLOSE_SCRIPT : undefined }, {
      headers: { "cache-control": "no-store", ...(inicis ? { "content-security-policy": INICIS_PAGE_POLICY } : {}) },
    });
  },
});

export default define.page<typeof handler>(({ data, state }) => (
  <PayClosed state={state} closeScript={data.closeScript} />
));
