import { describe, expect, test } from 'vitest';
import { resolveSiteConfig } from '../wiki/config.ts';
import { routesFor } from './routes.ts';
import { siteHeader } from './site-header.ts';

describe('siteHeader', () => {
  test('a logo in the content folder is published under _files/ below the base; a URL stays as it is', () => {
    expect(siteHeader(resolveSiteConfig({ logo: 'images/팀 로고.svg' }), routesFor('/wiki/')).logo).toBe(
      '/wiki/_files/images/%ED%8C%80%20%EB%A1%9C%EA%B3%A0.svg',
    );
    expect(siteHeader(resolveSiteConfig({ logo: 'https://cdn.example.com/logo.png' }), routesFor('/wiki/')).logo).toBe('https://cdn.example.com/logo.png');
    expect(siteHeader(resolveSiteConfig({}), routesFor('/')).logo).toBeUndefined();
  });

  test('nav links: a site path under the base, a URL as it is, in the order written', () => {
    const config = resolveSiteConfig({
      nav: [
        { text: '시작하기', link: '/docs/getting-started/' },
        { text: 'GitHub', link: 'https://github.com/acme/docs' },
      ],
    });
    expect(siteHeader(config, routesFor('/pr-preview/pr-3/')).nav).toEqual([
      { label: '시작하기', href: '/pr-preview/pr-3/docs/getting-started/', external: false },
      { label: 'GitHub', href: 'https://github.com/acme/docs', external: true },
    ]);
    expect(siteHeader(resolveSiteConfig({}), routesFor('/')).nav).toEqual([]);
  });
});
