import type { SiteConfig } from '../wiki/config.ts';
import { fileHref, joinUrl } from '../wiki/url.ts';
import type { Routes } from './routes.ts';

/** One of the config's `nav` links as the header shows it. */
export interface HeaderLink {
  href: string;
  label: string;
  /** Another site's address (an http(s) URL), not a page of this one. */
  external: boolean;
}

const isUrl = (link: string) => /^https?:\/\//.test(link);

/**
 * What the team's config adds to the header: the logo's address (a content file is published under `_files/`, as the
 * build copies it; a URL stays as it is) and the `nav` links, a site path put under the base path.
 */
export function siteHeader(config: Pick<SiteConfig, 'logo' | 'nav'>, routes: Pick<Routes, 'home'>): { logo?: string; nav: HeaderLink[] } {
  const nav = config.nav.map(({ text, link }) => ({ label: text, external: isUrl(link), href: isUrl(link) ? link : joinUrl(routes.home, link.slice(1)) }));
  if (!config.logo) return { nav };
  return { logo: isUrl(config.logo) ? config.logo : fileHref(routes.home, config.logo), nav };
}
