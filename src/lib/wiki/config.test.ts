import { describe, expect, it, test } from 'vitest';
import { configFromReadme, linkPolicy, resolveSiteConfig, resolveSiteConfigFrom } from './config.ts';

test('link policy defaults: broken links fail the build, missing anchors warn', () => {
  expect(linkPolicy(resolveSiteConfig(), {})).toEqual({ brokenLinks: 'error', brokenAnchors: 'warn' });
});

test('maru.config.ts sets the policy and the environment overrides it for one run', () => {
  const config = resolveSiteConfig({ brokenLinks: 'warn', brokenAnchors: 'error' });
  expect(linkPolicy(config, {})).toEqual({ brokenLinks: 'warn', brokenAnchors: 'error' });
  expect(linkPolicy(resolveSiteConfig(), { MARU_BROKEN_LINKS: 'warn', MARU_BROKEN_ANCHORS: 'error' })).toEqual({ brokenLinks: 'warn', brokenAnchors: 'error' });
  expect(linkPolicy(config, { MARU_BROKEN_LINKS: '' })).toEqual({ brokenLinks: 'warn', brokenAnchors: 'error' });
});

test('a value that is not a policy names the variable and the values it takes', () => {
  expect(() => linkPolicy(resolveSiteConfig(), { MARU_BROKEN_LINKS: 'off' })).toThrow(
    'MARU_BROKEN_LINKS="off" is not a link policy. Use MARU_BROKEN_LINKS=warn or MARU_BROKEN_LINKS=error.',
  );
  expect(() => resolveSiteConfig({ brokenLinks: 'ignore' as 'warn' })).toThrow(/brokenLinks/);
});

describe('resolveSiteConfigFrom', () => {
  it('names the key, what is wrong and what it takes', () => {
    expect(() => resolveSiteConfigFrom({ lang: 'jp' }, 'maru.config.ts')).toThrow(
      'maru.config.ts: `lang` is invalid (Invalid option: expected one of "ko"|"en"). Set it to \'ko\' or \'en\'.',
    );
    expect(() => resolveSiteConfigFrom({ base: 'wiki' }, 'maru.config.ts')).toThrow(
      /^maru\.config\.ts: `base` is invalid \(.*\)\. Set it to a path starting with '\/', e\.g\. base: '\/wiki\/'\.$/,
    );
  });

  it('takes a logo in the content folder or at an https URL, and refuses one outside the folder or that is no picture', () => {
    expect(resolveSiteConfigFrom({ logo: 'images/logo.svg' }, 'maru.config.ts').logo).toBe('images/logo.svg');
    expect(resolveSiteConfigFrom({ logo: 'https://cdn.example.com/a/logo.png' }, 'maru.config.ts').logo).toBe('https://cdn.example.com/a/logo.png');
    const hint = "Set it to a picture in the content folder or an https URL, e.g. logo: 'images/logo.svg' (the file at <content>/images/logo.svg).";
    for (const logo of ['../logo.svg', 'img/../../logo.svg', '/etc/logo.svg', 'logo.txt', 'http://cdn.example.com/logo.png', 'javascript:alert(1)//.svg']) {
      expect(() => resolveSiteConfigFrom({ logo }, 'maru.config.ts'), logo).toThrow(
        `maru.config.ts: \`logo\` is invalid (expected a picture file in the content folder or an https URL). ${hint}`,
      );
    }
  });

  it('takes nav links to site paths and http(s) URLs, and names the entry and field of a bad one', () => {
    const nav = [
      { text: '가이드', link: '/docs/guide/' },
      { text: 'GitHub', link: 'https://github.com/acme/docs' },
    ];
    expect(resolveSiteConfigFrom({ nav }, 'maru.config.ts').nav).toEqual(nav);
    expect(resolveSiteConfigFrom({}, 'maru.config.ts').nav).toEqual([]);
    const hint =
      "Set it to up to 8 links of { text, link }, link a site path or a URL, e.g. nav: [{ text: 'Guide', link: '/docs/guide/' }, { text: 'GitHub', link: 'https://github.com/acme/docs' }].";
    expect(() => resolveSiteConfigFrom({ nav: [{ text: 'X', link: 'javascript:alert(1)' }] }, 'maru.config.ts')).toThrow(
      `maru.config.ts: \`nav.0.link\` is invalid (expected a path starting with / or an http(s) URL). ${hint}`,
    );
    expect(() => resolveSiteConfigFrom({ nav: [nav[0], { text: 'Y', link: '//evil.example/' }] }, 'maru.config.ts')).toThrow(
      `maru.config.ts: \`nav.1.link\` is invalid (expected a path starting with / or an http(s) URL). ${hint}`,
    );
    expect(() => resolveSiteConfigFrom({ nav: [{ text: 'Z', href: '/x/' }] }, 'maru.config.ts')).toThrow(
      `maru.config.ts: \`nav.0\` has unknown key \`href\`. ${hint}`,
    );
  });

  it('refuses a config written for a newer version, naming the version this Maru reads', () => {
    expect(() => resolveSiteConfigFrom({ version: 2 }, 'maru.config.ts')).toThrow(
      /`version` is invalid \(.*\)\. Set it to 1 \(this Maru reads config version 1; upgrade Maru to read a newer one\)\.$/,
    );
  });

  it('refuses a default export that is not an object', () => {
    expect(() => resolveSiteConfigFrom(undefined, 'maru.config.ts')).toThrow(
      "maru.config.ts: the default export must be the config object (export default defineConfig({ title: '…' })).",
    );
  });
});

describe('configFromReadme', () => {
  it('takes the first heading and the first paragraph, without Markdown marks', () => {
    expect(configFromReadme('# **Acme** docs\n\n![logo](logo.png)\n\nHow [Acme](https://acme.dev) ships\nits `api`.\n\nMore.\n')).toEqual({
      title: 'Acme docs',
      description: 'How Acme ships its api.',
    });
  });

  it("prefers the frontmatter's title, and skips code blocks", () => {
    expect(configFromReadme("---\ntitle: 'Handbook'\n---\n```\n# not a title\n```\n# Heading\n\nText.\n")).toEqual({ title: 'Handbook', description: 'Text.' });
  });

  it('gives nothing for an empty file', () => {
    expect(configFromReadme('')).toEqual({});
  });
});
