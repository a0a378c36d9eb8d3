// Offline: registers the service worker (sw.js), which keeps the whole site for use without
// the network, and reports a new version once it is installed and waiting. The person then
// chooses to reload; the page never switches to the new files by itself.

/**
 * Registers the service worker; `onUpdate()` is called when a new version waits.
 * Resolves to {apply()} (switch to the waiting version and reload), or null without support.
 */
export async function registerOffline(onUpdate) {
  const sw = navigator.serviceWorker;
  if (!sw) return null;
  const reg = await sw.register(new URL('../../sw.js', import.meta.url));
  // on the first visit the worker takes the page over without a reload; later, a change of
  // worker is the person's choice, which the reload completes
  const updating = !!sw.controller;
  let reloading = false;
  sw.addEventListener('controllerchange', () => {
    if (updating && !reloading) {
      reloading = true;
      location.reload();
    }
  });
  const offer = () => {
    if (reg.waiting && sw.controller) onUpdate();
  };
  reg.addEventListener('updatefound', () => {
    const next = reg.installing;
    next?.addEventListener('statechange', () => {
      if (next.state === 'installed') offer();
    });
  });
  offer();
  return { apply: () => reg.waiting?.postMessage({ type: 'skipWaiting' }) };
}
