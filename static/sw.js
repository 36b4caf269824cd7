// The service worker of web push (issue 23 §10): shows each notification the server sends (title, body,
// and the same-site page it opens) and opens that page when the notification is clicked. Nothing else:
// no caching, no fetch handling.
self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: event.data ? event.data.text() : "" };
  }
  event.waitUntil(self.registration.showNotification(String(data.title || ""), {
    body: String(data.body || ""),
    icon: "/favicon.svg",
    data: { url: typeof data.url === "string" ? data.url : "/" },
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || "/", self.location.origin);
  if (url.origin !== self.location.origin) return;
  event.waitUntil(self.clients.openWindow(url.href));
});
