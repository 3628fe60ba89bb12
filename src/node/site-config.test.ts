import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { basePathFrom, contentFolder, loadSiteConfig } from './site-config.ts';

let dirs: string[] = [];
afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

/** A project folder named `name` with `files` (path → text). */
function project(name: string, files: Record<string, string>): string {
  const parent = mkdtempSync(join(tmpdir(), 'maru-site-config-'));
  dirs.push(parent);
  const dir = join(parent, name);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  mkdirSync(dir, { recursive: true });
  return dir;
}

describe('loadSiteConfig', () => {
  it("reads the team's maru.config.mjs, and fills what it leaves out from the content root's README", async () => {
    const dir = project('acme', {
      'maru.config.mjs': "export default { lang: 'en', content: 'docs', categories: ['guide'] };",
      'docs/README.md': '# Acme handbook\n\nHow the Acme team ships.\n',
    });
    const { config, file } = await loadSiteConfig(dir, {});
    expect(file).toBe(join(dir, 'maru.config.mjs'));
    expect(config).toMatchObject({ title: 'Acme handbook', description: 'How the Acme team ships.', lang: 'en', content: 'docs', categories: ['guide'] });
  });

  it('without a config and a README, titles the site with the folder name and no description', async () => {
    const dir = project('payments-docs', { 'content/a.md': '# A\n' });
    const { config, file } = await loadSiteConfig(dir, {});
    expect([file, config.title, config.description]).toEqual([undefined, 'payments-docs', '']);
  });

  it('a config with a misspelt key fails naming the file, the key and the known keys', async () => {
    const dir = project('x', { 'maru.config.mjs': "export default { titel: 'X' };" });
    await expect(loadSiteConfig(dir, {})).rejects.toThrow(
      /^maru\.config\.mjs: unknown key `titel`\. Remove it or fix the spelling; the keys are title, description,/,
    );
  });

  it('a logo is looked up in the content folder: one that is not there is named with the fix', async () => {
    const dir = project('acme', { 'maru.config.mjs': "export default { content: 'docs', logo: 'img/logo.svg' };", 'docs/a.md': '# A\n' });
    await expect(loadSiteConfig(dir, {})).rejects.toThrow(
      'maru.config.mjs: `logo` names docs/img/logo.svg, which does not exist. Put the picture there (the path is relative to the content folder, docs) or fix the path.',
    );
    mkdirSync(join(dir, 'docs/img'));
    writeFileSync(join(dir, 'docs/img/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect((await loadSiteConfig(dir, {})).config.logo).toBe('img/logo.svg');
  });

  it('a config that does not load names the file and what it must export', async () => {
    const dir = project('x', { 'maru.config.mjs': 'export default {' });
    await expect(loadSiteConfig(dir, {})).rejects.toThrow(`${join(dir, 'maru.config.mjs')}: cannot load the config (`);
  });
});

describe('content folder and base path: flag, then config, then environment', () => {
  const env = { MARU_CLI_CONTENT: 'from-flag', WIKI_CONTENT_DIR: 'from-env', MARU_CLI_BASE: '/flag/', BASE_PATH: '/env/' };
  it.each([
    ['the flag over all', env, { content: 'from-config' }, '/p/from-flag'],
    ['the config over the environment', { WIKI_CONTENT_DIR: 'from-env' }, { content: 'from-config' }, '/p/from-config'],
    ['the environment without the others', { WIKI_CONTENT_DIR: 'from-env' }, {}, '/p/from-env'],
    ['./content by default', {}, {}, '/p/content'],
  ])('content: %s', (_, e, input, expected) => {
    expect(contentFolder(input, '/p', e)).toBe(expected);
  });
  it.each([
    ['the flag over all', env, { base: '/config/' }, '/flag/'],
    ['the config over the environment', { BASE_PATH: '/env/' }, { base: '/config/' }, '/config/'],
    ['the environment without the others', { BASE_PATH: '/env/' }, {}, '/env/'],
    ['none given', {}, {}, undefined],
  ])('base: %s', (_, e, config, expected) => {
    expect(basePathFrom(config, e)).toBe(expected);
  });
});
