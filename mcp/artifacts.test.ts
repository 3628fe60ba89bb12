import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildFixture, EXAMPLE_CONTENT, removeDir } from '../test/mcp/helpers.ts';
import { loadArtifacts, loadArtifactsEarly, sha256 } from './artifacts.ts';
import { dirSource } from './source.ts';
import { search } from '../src/lib/search/search.ts';
import { loadSearch } from '../src/lib/search/index-load.ts';

/** This checkout's release, as package.json says. */
const PKG_VERSION = (JSON.parse(readFileSync(join(import.meta.dirname, '../package.json'), 'utf8')) as { version: string }).version;

let good: string;
const copies: string[] = [];

beforeAll(() => {
  good = buildFixture(EXAMPLE_CONTENT);
});

afterAll(() => {
  removeDir(good);
  copies.forEach(removeDir);
});

/** A copy of the good build with one file rewritten. */
function variant(file: string, edit: (text: string) => string): string {
  const dir = mkdtempSync(join(tmpdir(), 'maru-variant-'));
  copies.push(dir);
  cpSync(join(good, '_wiki'), join(dir, '_wiki'), { recursive: true });
  writeFileSync(join(dir, file), edit(readFileSync(join(dir, file), 'utf8')));
  return dir;
}

function editManifest(change: (m: Record<string, unknown>) => Record<string, unknown>) {
  return (text: string) => JSON.stringify(change(JSON.parse(text) as Record<string, unknown>));
}

describe('loadArtifacts', () => {
  test('loads and cross-checks a good build, which names the Maru release that made it', async () => {
    const set = await loadArtifacts(await dirSource(good));
    expect(set.manifest.maruVersion).toBe(PKG_VERSION);
    expect(set.ids.length).toBe(set.manifest.documentCount);
    expect(await set.markdown.get('deploy')).toBe(readFileSync(join(good, '_wiki/docs/deploy.md'), 'utf8'));
    expect(sha256((await set.markdown.get('deploy'))!)).toBe(set.byId.get('deploy')!.sha256);
  });

  test('a missing folder or manifest says to build', async () => {
    await expect(dirSource('./no-such-dist')).rejects.toThrow(
      'Artifacts not found in ./no-such-dist (looked for _wiki/manifest.json). Run `npm run build` first.',
    );
    const empty = mkdtempSync(join(tmpdir(), 'maru-empty-'));
    copies.push(empty);
    await expect(loadArtifacts(await dirSource(empty))).rejects.toThrow(
      `Artifacts not found in ${empty} (looked for _wiki/manifest.json). Run \`npm run build\` first.`,
    );
  });

  test.each([
    [
      'format version (a build by a later release)',
      editManifest((m) => ({ ...m, version: 2, maruVersion: '0.3.0' })),
      `manifest.json: Artifact version 2 is not supported by Maru ${PKG_VERSION}, which reads version 1; this build was made by Maru 0.3.0. Rebuild it with \`maru build\` of Maru ${PKG_VERSION}, or serve it with Maru 0.3.0 (\`npx -y maru-mcp@0.3.0\`).`,
    ],
    [
      'format version (a build that does not name its release)',
      editManifest((m) => ({ ...m, version: 0, maruVersion: undefined })),
      `manifest.json: Artifact version 0 is not supported by Maru ${PKG_VERSION}, which reads version 1; this build was made by an earlier Maru. Rebuild it with \`maru build\` of Maru ${PKG_VERSION}, or serve it with the Maru release that made it.`,
    ],
    [
      'format version (a release that is not a version)',
      editManifest((m) => ({ ...m, version: 2, maruVersion: 'x\nfake log line' })),
      `manifest.json: Artifact version 2 is not supported by Maru ${PKG_VERSION}, which reads version 1; this build was made by a later Maru. Rebuild it with \`maru build\` of Maru ${PKG_VERSION}, or serve it with the Maru release that made it.`,
    ],
    [
      'search options version',
      editManifest((m) => ({ ...m, searchOptionsVersion: 1 })),
      'the index was built with search options version 1, but this server uses version',
    ],
    ['format', editManifest((m) => ({ ...m, format: 'other' })), 'manifest.json has format "other", expected "maru-wiki". Point --artifacts at a Maru build.'],
    ['schema', editManifest((m) => ({ ...m, documentCount: 'many' })), 'manifest.json field documentCount:'],
    ['JSON', () => '{', 'manifest.json is not valid JSON. Rebuild with `npm run build`.'],
  ])('a manifest with a wrong %s is refused', async (_what, edit, message) => {
    const dir = variant('_wiki/manifest.json', edit);
    await expect(loadArtifacts(await dirSource(dir))).rejects.toThrow(`Artifacts in ${dir} are not usable: ${message}`);
  });

  test.each(['_wiki/catalog.json', '_wiki/search/base.json', '_wiki/docs/deploy.md'])('a changed %s fails its sha256 check', async (file) => {
    const dir = variant(file, (t) => `${t}\n`);
    const name = file.startsWith('_wiki/docs/') ? file : file.slice('_wiki/'.length);
    await expect(loadArtifacts(await dirSource(dir))).rejects.toThrow(
      new RegExp(`^Artifacts in ${dir} are not usable: ${name.replace(/\./g, '\\.')} has sha256 [0-9a-f]{12}…, but the manifest says`),
    );
  });

  test('every document is read and checked when the build loads, and later reads never touch the folder', async () => {
    const dir = variant('_wiki/manifest.json', (t) => t);
    const set = await loadArtifacts(await dirSource(dir));
    const before = readFileSync(join(dir, '_wiki/docs/deploy.md'), 'utf8');
    rmSync(join(dir, '_wiki'), { recursive: true });
    expect(await set.markdown.get('deploy')).toBe(before);
    expect(await set.markdown.get('no-such-id')).toBeUndefined();
    expect((await set.markdown.getMany(set.ids)).size).toBe(set.ids.length);
  });

  test('a missing document is named', async () => {
    const dir = variant('_wiki/manifest.json', (t) => t);
    rmSync(join(dir, '_wiki/docs/deploy.md'));
    await expect(loadArtifacts(await dirSource(dir))).rejects.toThrow(`Artifacts in ${dir} are not usable: _wiki/docs/deploy.md is missing in ${dir}.`);
  });

  test('a build answers before its documents are read: each is checked when first read, and a changed one is refused naming it', async () => {
    const dir = variant('_wiki/docs/deploy.md', (t) => `${t}\n`);
    let answered!: () => void;
    const firstAnswer = new Promise<void>((done) => (answered = done));
    const { set, complete } = await loadArtifactsEarly(await dirSource(dir), undefined, undefined, true, firstAnswer);
    const other = set.ids.find((id) => id !== 'deploy')!;
    expect(await set.markdown.get(other)).toBe(readFileSync(join(dir, `_wiki/docs/${other}.md`), 'utf8'));
    const refused = new RegExp(`^Artifacts in ${dir} are not usable: _wiki/docs/deploy\\.md has sha256 [0-9a-f]{12}…, but the manifest says`);
    await expect(set.markdown.get('deploy')).rejects.toThrow(refused);
    answered();
    await expect(complete).rejects.toThrow(refused);
  });

  test('a catalog field its schema refuses is found after the first answer and named, as a whole load names it', async () => {
    const dir = variant('_wiki/catalog.json', (t) => {
      const catalog = JSON.parse(t) as { documents: { title: string }[] };
      catalog.documents[1]!.title = '';
      return JSON.stringify(catalog);
    });
    const bytes = readFileSync(join(dir, '_wiki/catalog.json'));
    writeFileSync(
      join(dir, '_wiki/manifest.json'),
      editManifest((m) => ({ ...m, files: { ...(m.files as object), 'catalog.json': { sha256: sha256(bytes), bytes: bytes.length } } }))(
        readFileSync(join(dir, '_wiki/manifest.json'), 'utf8'),
      ),
    );
    const message = `Artifacts in ${dir} are not usable: catalog.json field documents.1.title:`;
    const { set, complete } = await loadArtifactsEarly(await dirSource(dir));
    expect(set.ids.length).toBe(set.manifest.documentCount);
    await expect(complete).rejects.toThrow(message);
    await expect(loadArtifacts(await dirSource(dir))).rejects.toThrow(message);
  });

  test('a malformed entry in the manifest’s list of search files is found after the first answer and named', async () => {
    const dir = variant(
      '_wiki/manifest.json',
      editManifest((m) => ({ ...m, files: { ...(m.files as object), 'search/base.json': { sha256: 'not-a-hash', bytes: 1 } } })),
    );
    const { complete } = await loadArtifactsEarly(await dirSource(dir));
    await expect(complete).rejects.toThrow(`Artifacts in ${dir} are not usable: manifest.json field files.search/base.json.sha256:`);
  });

  test('searches run on the split index, with the same hits as the whole index, and once loaded never touch the folder', async () => {
    const dir = variant('_wiki/manifest.json', (t) => t);
    const whole = loadSearch(JSON.parse(readFileSync(join(dir, '_wiki/search-index.json'), 'utf8')));
    const hits = async (s: typeof whole, q: string) => (await search(s, q, { limit: 10 })).hits.map((h) => [h.document.id, h.score, h.section.anchor]);
    let answered!: () => void;
    const firstAnswer = new Promise<void>((done) => (answered = done));
    const { set, complete } = await loadArtifactsEarly(await dirSource(dir), undefined, undefined, true, firstAnswer);
    expect(set.search.shards).toBeDefined();
    expect(await hits(set.search, '배포')).toEqual(await hits(whole, '배포'));
    answered();
    expect(await complete).toBe(set);
    rmSync(join(dir, '_wiki'), { recursive: true });
    // Queries whose terms no search has asked for yet: their files were read and checked while the build loaded.
    for (const q of ['deploy 설정', '검색', 'tokenizer', '롤백 방법']) expect(await hits(set.search, q), q).toEqual(await hits(whole, q));
  });

  test('a build without a split index searches the whole index, checked against its sha256', async () => {
    const withoutSplit = editManifest((m) => ({
      ...m,
      files: Object.fromEntries(Object.entries(m.files as object).filter(([name]) => !name.startsWith('search/'))),
    }));
    const set = await loadArtifacts(await dirSource(variant('_wiki/manifest.json', withoutSplit)));
    expect(set.search.shards).toBeUndefined();
    expect((await search(set.search, '배포', { limit: 3 })).hits.map((h) => h.document.id)).toEqual(
      (await search((await loadArtifacts(await dirSource(good))).search, '배포', { limit: 3 })).hits.map((h) => h.document.id),
    );
    const dir = variant('_wiki/manifest.json', withoutSplit);
    writeFileSync(join(dir, '_wiki/search-index.json'), `${readFileSync(join(dir, '_wiki/search-index.json'), 'utf8')}\n`);
    await expect(loadArtifacts(await dirSource(dir))).rejects.toThrow(
      new RegExp(`^Artifacts in ${dir} are not usable: search-index\\.json has sha256 [0-9a-f]{12}…, but the manifest says`),
    );
  });

  test('a split index file whose bytes differ from the manifest is refused when a search needs it', async () => {
    const dir = variant('_wiki/manifest.json', (t) => t);
    // Every term shard changed by one space (still JSON), so whichever the query's terms are in differs from its hash.
    const shards = readdirSync(join(dir, '_wiki/search')).filter((f) => f.startsWith('terms-'));
    for (const f of shards) writeFileSync(join(dir, '_wiki/search', f), readFileSync(join(dir, '_wiki/search', f), 'utf8').replace('{', '{ '));
    const { set } = await loadArtifactsEarly(await dirSource(dir), undefined, undefined, true, new Promise(() => undefined));
    await expect(search(set.search, '배포')).rejects.toThrow(
      new RegExp(`^Artifacts in ${dir} are not usable: search/terms-\\d+\\.json has sha256 [0-9a-f]{12}…, but the manifest says`),
    );
  });
});
