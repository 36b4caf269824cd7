// Turns on push notifications for this browser (issue 23 §10, SPEC §4, §9): only from this visible button,
// never on page load; a refusal is remembered and the button comes back no sooner than a day later. The
// service worker is registered once, and the subscription is sent as a device (POST /api/device) with the
// page's language. Rendered hidden on the server: without JavaScript there is nothing it could do.
import { useEffect, useState } from "preact/hooks";

export interface PushSubscribeProps {
  publicKey: string;
  lang: string;
  /** POST /api/device. */
  device: string;
  texts: Record<string, string>;
}

type Status = "hidden" | "idle" | "busy" | "on" | "declined" | "unsupported" | "failed";

const DECLINED_AT = "push:declined-at";
const DEVICE_ID = "push:device-id";
/** SPEC §9: after a refusal, ask again no sooner than one day. */
export const ASK_AGAIN_AFTER_MS = 24 * 60 * 60 * 1000;

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

function declinedRecently(): boolean {
  const at = Number(localStorage.getItem(DECLINED_AT)) || 0;
  return Date.now() - at < ASK_AGAIN_AFTER_MS;
}

function deviceId(): string {
  let id = localStorage.getItem(DEVICE_ID);
  if (!id) localStorage.setItem(DEVICE_ID, id = `web-${crypto.randomUUID()}`);
  return id;
}

function readCookie(name: string): string {
  const found = document.cookie.split("; ").find((c) => c.startsWith(`${name}=`));
  return found ? decodeURIComponent(found.slice(name.length + 1)) : "";
}

export default function PushSubscribe({ publicKey, lang, device, texts }: PushSubscribeProps) {
  const [status, setStatus] = useState<Status>("hidden");

  useEffect(() => {
    if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
      return setStatus("unsupported");
    }
    if (Notification.permission === "denied" || declinedRecently()) return setStatus("declined");
    navigator.serviceWorker.getRegistration("/").then(async (registration) => {
      const subscribed = await registration?.pushManager.getSubscription();
      setStatus(subscribed && Notification.permission === "granted" ? "on" : "idle");
    }, () => setStatus("idle"));
  }, []);

  async function turnOn() {
    setStatus("busy");
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        localStorage.setItem(DECLINED_AT, String(Date.now()));
        return setStatus("declined");
      }
      const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
      await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.getSubscription() ??
        await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
      const res = await fetch(device, {
        method: "POST",
        credentials: "same-origin",
        headers: { accept: "application/json", "x-xsrf-token": readCookie("XSRF-TOKEN") },
        body: new URLSearchParams({ device: deviceId(), token: JSON.stringify(subscription), lang }),
      });
      setStatus(res.ok ? "on" : "failed");
    } catch (err) {
      console.error("push subscription failed", err);
      setStatus("failed");
    }
  }

  if (status === "hidden") return <div class="push-subscribe" hidden />;
  const message = status === "idle" || status === "busy" ? "" : texts[status];
  return (
    <div class="push-subscribe">
      {(status === "idle" || status === "busy" || status === "failed") && (
        <button type="button" class="button button-primary" onClick={turnOn} disabled={status === "busy"}>
          {texts.turnOn}
        </button>
      )}
      <p class="push-status" role="status">{message}</p>
    </div>
  );
}
