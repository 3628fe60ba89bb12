import { safeDecode } from './url.ts';

/** What publishedPaths reads of a document. */
interface Published {
  sourcePath: string;
  aliases: readonly string[];
  extra: Readonly<Record<string, unknown>>;
}

/**
 * The addresses another generator published a page at, which links from the same folder still use: Jekyll's
 * `permalink` and `redirect_from`, Docusaurus's `slug` (one without a leading `/` is read from the page's folder), Hugo's
 * `url` and the `aliases` that are paths (`/old/page/`; Maru reads the others as search names). Normalised by
 * sitePathKey. Patterns (`/:year/:title/`) name no one page and are left out.
 */
export function publishedPaths(doc: Published): string[] {
  const values: string[] = [];
  const add = (value: unknown, relative: boolean) => {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (typeof v !== 'string' || !v.trim() || /[:*]/.test(v)) continue;
      const path = v.trim();
      const folder = doc.sourcePath.includes('/') ? doc.sourcePath.slice(0, doc.sourcePath.lastIndexOf('/')) : '';
      values.push(relative && !path.startsWith('/') ? `${folder}/${path}` : path);
    }
  };
  add(doc.extra.permalink, false);
  add(doc.extra.redirect_from, false);
  add(doc.extra.slug, true);
  add(doc.extra.url, false);
  add(
    doc.aliases.filter((a) => a.startsWith('/')),
    false,
  );
  return [...new Set(values.map(sitePathKey).filter((k) => k !== undefined))];
}

/** A site path as the lookup compares it: decoded, NFC, lowercase, without slashes at its ends or `index.html`/`.html`. */
export function sitePathKey(path: string): string | undefined {
  const key = safeDecode(path.split(/[?#]/)[0]!)
    .normalize('NFC')
    .toLowerCase()
    .replace(/(^|\/)index\.html?$/, '')
    .replace(/\.html?$/, '')
    .replace(/^\/+|\/+$/g, '');
  return key || undefined;
}
