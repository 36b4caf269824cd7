// The notification settings on /profile (issue 23 §10): which kinds of push notification the member
// receives (a plain form), and — with JavaScript, on a server that has VAPID keys — the button that asks
// this browser's permission and registers it as a device. Permission is never asked on page load.
import PushSubscribe from "../../islands/PushSubscribe.tsx";
import { PUSH_KINDS } from "../../domain/notify/push.ts";
import type { MessageKey } from "../../i18n/mod.ts";
import { href, type State } from "../../state.ts";
import { CsrfField } from "../ui/CsrfField.tsx";
import { Checkbox } from "../ui/FormField.tsx";

const PUSH_TEXTS = ["turnOn", "on", "declined", "unsupported", "failed"] as const;

export function NotificationSettings(
  { state, off, publicKey }: { state: State; off: string[]; publicKey: string | null },
) {
  const { t } = state;
  return (
    <section class="form-group" id="notifications" aria-labelledby="notifications-title">
      <h2 class="form-title" id="notifications-title">{t("account.notifications.title")}</h2>
      <p>{t(publicKey ? "account.notifications.lead" : "account.notifications.notConfigured")}</p>
      {publicKey && (
        <PushSubscribe
          publicKey={publicKey}
          lang={state.locale}
          device={href(state, "/api/device")}
          texts={Object.fromEntries(PUSH_TEXTS.map((k) => [k, t(`account.notifications.${k}` as MessageKey)]))}
        />
      )}
      <form method="post" action={href(state, "/profile/notifications")} class="notification-kinds">
        <CsrfField state={state} />
        <fieldset>
          <legend>{t("account.notifications.kinds")}</legend>
          {PUSH_KINDS.map((kind) => (
            <Checkbox
              key={kind}
              id={`push-kind-${kind}`}
              name="kinds"
              value={kind}
              checked={!off.includes(kind)}
              label={t(`account.notifications.kind.${kind}` as MessageKey)}
            />
          ))}
        </fieldset>
        <button type="submit" class="button button-secondary">{t("account.notifications.save")}</button>
      </form>
    </section>
  );
}
