/**
 * Freshlist's push service worker (issue 41 §4, docs/decisions/0214), registered only when someone
 * opts in on /settings: it shows an alert pushed to this device and opens its page on a tap.
 * It handles nothing else (no fetch handler: pages load as they always do).
 */
self.addEventListener('push', (event) => {
  const message = { title: 'Freshlist', body: '', url: '/' };
  if (event.data) {
    try {
      Object.assign(message, event.data.json());
    } catch {
      message.body = event.data.text();
    }
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: '/icon-192.png',
      lang: 'en',
      data: { url: message.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  // Only Freshlist's own pages: a link elsewhere opens the home page.
  let target = new URL(event.notification.data?.url ?? '/', self.location.origin);
  if (target.origin !== self.location.origin) target = new URL('/', self.location.origin);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url === target.href && 'focus' in w);
      return open ? open.focus() : self.clients.openWindow(target.href);
    }),
  );
});
