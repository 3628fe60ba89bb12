// `maru dev` only (the layout loads it there, never in a build): a save's reload notice (Vite's `full-reload`) misses a
// tab that was loading a page when it went out, since that tab had no connection yet to hear it. The page says which
// version of the wiki it shows (this script's `data-maru-dev-version`, src/layouts/Base.astro); this asks the server
// which one it shows now (src/integrations/dev-server.ts `serveDevVersion`) each second, and reloads when they differ.

const POLL_MS = 1000;

// A module script has no `document.currentScript`: the layout's tag is found by its attribute.
const tag = document.querySelector<HTMLScriptElement>('script[data-maru-dev-version]');
const shown = tag?.dataset['maruDevVersion'];
const address = tag?.dataset['href'];
if (shown !== undefined && address) {
  let reloading = false;
  // Leaving already (Vite's notice reloads the page): an answer still on its way must not start a second load of it.
  addEventListener('beforeunload', () => (reloading = true));
  setInterval(() => {
    if (reloading) return;
    fetch(address, { cache: 'no-store' })
      .then((r) => (r.ok ? r.text() : undefined))
      .then((now) => {
        if (now === undefined || now === shown || reloading) return;
        reloading = true;
        location.reload();
      })
      // The server stopped or restarts: the next turn asks again.
      .catch(() => {});
  }, POLL_MS);
}
