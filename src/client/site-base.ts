// The site's base path ('/', '/wiki/'), read from where this script is served. The site's scripts are bundled once
// for every wiki (src/node/client-bundle.ts) and served from `<base>_astro/`, so the base is the folder above the
// script's own; a base written into the bundle would tie it to one site.
export const siteBase: string = decodeURI(new URL(/* @vite-ignore */ '../', import.meta.url).pathname);
