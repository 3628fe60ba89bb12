import { docusaurusLinks } from './docusaurus/links.ts';
import { hugoLinks } from './hugo/links.ts';
import { jekyllLinks } from './jekyll/links.ts';
import type { LinkRewrites } from './types.ts';
import { vitepressLinks } from './vitepress/links.ts';

/**
 * The dialects' link conventions alone, in the registry's order (`registry.test.ts` holds the two lists together): the
 * link resolver, which the MCP server loads too, reads these without loading every dialect's parse plugins.
 */
export const LINK_DIALECTS: readonly LinkRewrites[] = [docusaurusLinks, vitepressLinks, jekyllLinks, hugoLinks];

/** The slug rules the dialects' sites give headings, in registry order. */
export function headingSlugRules(): ((text: string) => string)[] {
  return LINK_DIALECTS.flatMap((l) => (l.headingSlug ? [l.headingSlug] : []));
}

/** The route prefixes the dialects' links carry, in registry order. */
export function routePrefixes(): RegExp[] {
  return LINK_DIALECTS.flatMap((l) => (l.routePrefix ? [l.routePrefix] : []));
}

/** The addresses the dialects say a page was published at, in registry order. */
export function publishedAddresses(page: {
  readonly extra: Readonly<Record<string, unknown>>;
  readonly aliases: readonly string[];
}): { value: unknown; relative: boolean }[] {
  return LINK_DIALECTS.flatMap((l) => l.publishedAt?.(page) ?? []);
}
