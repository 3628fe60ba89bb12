import { publishedAddresses } from '../dialects/links.ts';
import { safeDecode } from './url.ts';

/** What publishedPaths reads of a document. */
interface Published {
  sourcePath: string;
  aliases: readonly string[];
  extra: Readonly<Record<string, unknown>>;
}

/**
 * The addresses other tools published a page at, which links from the same folder still use (`publishedAddresses`:
 * a permalink, a slug, an alias that is a path), normalised by sitePathKey. Patterns (`/:year/:title/`) name no one
 * page and are left out.
 */
export function publishedPaths(doc: Published): string[] {
  const values: string[] = [];
  const folder = doc.sourcePath.includes('/') ? doc.sourcePath.slice(0, doc.sourcePath.lastIndexOf('/')) : '';
  for (const { value, relative } of publishedAddresses(doc)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (typeof v !== 'string' || !v.trim() || /[:*]/.test(v)) continue;
      const path = v.trim();
      values.push(relative && !path.startsWith('/') ? `${folder}/${path}` : path);
    }
  }
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
