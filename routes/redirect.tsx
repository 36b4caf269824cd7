// /redirect?url= (SPEC §2.1, issue 15 §5): a same-site path, one of the platform's sub-sites or a host on
// the configured allow-list (REDIRECT_ALLOW_HOSTS) is followed; anything else gets an interstitial naming
// the address, so the route is never an open redirect (domain/builder/redirect.ts).
import { z } from "zod";
import { page } from "../framework/define.ts";
import { PageHeader } from "../components/ui/PageHeader.tsx";
import { redirectDecision } from "../domain/builder/redirect.ts";
import { parseQuery } from "../domain/validation.ts";
import { define, href } from "../state.ts";

const Query = z.object({ url: z.string().min(1).max(2048) });

export const handler = define.handlers({
  GET({ state, url }) {
    const { url: target } = parseQuery(Query, url);
    const own = [url.hostname, state.config.baseDomain, `*.${state.config.baseDomain}`];
    const decision = redirectDecision(target, own, state.config.redirectHosts);
    if (decision.kind === "follow") {
      return new Response(null, {
        status: 302,
        headers: { location: decision.location, "cache-control": "no-store", "referrer-policy": "no-referrer" },
      });
    }
    state.title = state.t("builder.redirect.title");
    return page({ url: decision.url, link: decision.link }, { headers: { "referrer-policy": "no-referrer" } });
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  return (
    <>
      <PageHeader t={t} title={t("builder.redirect.title")} lead={t("builder.redirect.lead")} />
      <dl class="redirect-target">
        <dt>{t("builder.redirect.address")}</dt>
        <dd>
          <code>{data.url}</code>
        </dd>
      </dl>
      {data.link
        ? (
          <p>
            <a class="button button-primary" href={data.link} rel="noopener noreferrer nofollow">
              {t("builder.redirect.go")}
            </a>{" "}
            <a class="button button-ghost" href={href(state, "/")}>{t("builder.redirect.back")}</a>
          </p>
        )
        : (
          <>
            <p>{t("builder.redirect.notLink")}</p>
            <p>
              <a class="button button-ghost" href={href(state, "/")}>{t("builder.redirect.back")}</a>
            </p>
          </>
        )}
    </>
  );
});
