import type { LinkRewrites } from '../types.ts';

const SPECIAL = /[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'“”‘’<>,.?/]+/g;

/** VitePress's slugify (@mdit-vue/shared): `resolve.conditions` → `resolve-conditions`. Returned in NFC. */
export function vitepressSlug(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036F]/g, '')
      // eslint-disable-next-line no-control-regex -- VitePress's slug rule removes control characters, as this does.
      .replace(/[\u0000-\u001f]/g, '')
      .replace(SPECIAL, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^-+|-+$/g, '')
      .replace(/^(\d)/, '_$1')
      .toLowerCase()
      .normalize('NFC')
  );
}

/** VitePress's links: a heading's id under its slug rule, which links copied from a VitePress site carry. */
export const vitepressLinks: LinkRewrites = { headingSlug: vitepressSlug };
