/**
 * Registers the service worker (static/sw.js), which shows the offline page when a page cannot load for lack of
 * network. Production builds only: in development no worker may sit in front of code that changes all the time.
 * `updateViaCache: "none"` makes the browser fetch sw.js itself on every update check, never from its cache.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  window.addEventListener(
    "load",
    () =>
      void navigator.serviceWorker
        .register("/sw.js", { scope: "/", updateViaCache: "none" })
        .catch((error: unknown) => console.warn("De service worker kon niet worden geregistreerd", error)),
    { once: true },
  );
}
