import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { collectMaterial, generateDocument } from '../scripts/lib/generate-corpus.ts';
import { COMMON_BODY_MIN_DOCUMENTS } from '../src/lib/search/contract.ts';
import { sha256 } from '../src/node/hash.ts';
import { buildArtifacts } from '../src/node/wiki-build.ts';

const ROOT = resolve(import.meta.dirname, '..');
/** Generated documents beside the example wiki: enough for common terms to be left out of the body postings. */
const GENERATED = COMMON_BODY_MIN_DOCUMENTS + 5;

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => statSync(join(dir, f)).isFile())
    .sort();
}

/** Every file of two output folders, byte for byte (a name only in one folder shows up too). */
function expectSameFiles(actual: string, expected: string): void {
  const names = listFiles(expected);
  expect(listFiles(actual)).toEqual(names);
  const differing = names.filter((name) => !readFileSync(join(actual, name)).equals(readFileSync(join(expected, name))));
  expect(differing).toEqual([]);
}

describe('artifacts rebuilt from the index cache', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'maru-index-cache-'));
  const content = join(tmp, 'content');
  const cache = join(tmp, 'cache');
  let outs = 0;
  const out = () => join(tmp, `out-${outs++}`);
  let documents = 0;

  /** The last clean build (no cache at all), or undefined once the content has changed since. */
  let clean: string | undefined;

  /** A cached build of the content as it is now, which must not differ by a byte from a clean build of it. */
  function rebuild(): { tokenized: number; parsed: number; dir: string } {
    const cached = out();
    const { reuse, wiki } = buildArtifacts(content, cached, '/', cache);
    if (!clean) buildArtifacts(content, (clean = out()));
    expectSameFiles(cached, clean);
    documents = wiki.documents.length;
    return { tokenized: reuse!.tokenized, parsed: reuse!.parsed, dir: cached };
  }

  const edit = (path: string, change: (text: string) => string) => {
    const file = join(content, path);
    writeFileSync(file, change(existsSync(file) ? readFileSync(file, 'utf8') : ''));
    clean = undefined;
  };
  const remove = (path: string) => {
    rmSync(join(content, path));
    clean = undefined;
  };
  const generated = (i: number) => `generated/doc-${String(i).padStart(5, '0')}.md`;

  const brokenLinks = process.env.MARU_BROKEN_LINKS;
  afterAll(() => {
    if (brokenLinks === undefined) delete process.env.MARU_BROKEN_LINKS;
    else process.env.MARU_BROKEN_LINKS = brokenLinks;
    rmSync(tmp, { recursive: true, force: true });
  });
  beforeAll(() => {
    // Deleting a document leaves links to it; as in the generated corpora's builds, they are warnings here.
    process.env.MARU_BROKEN_LINKS = 'warn';
    cpSync(join(ROOT, 'content'), content, { recursive: true });
    // Real Korean paragraphs and headings, from the example wiki itself.
    const material = collectMaterial(listFiles(content).map((f) => readFileSync(join(content, f), 'utf8')));
    mkdirSync(join(content, 'generated'));
    for (let i = 0; i < GENERATED; i++) writeFileSync(join(content, generated(i)), generateDocument(i, GENERATED, 1, material).text);
  });

  test('a cold build fills the cache and writes what a build without one writes', () => {
    const { tokenized, dir } = rebuild();
    expect(tokenized).toBe(documents);
    expect(documents).toBeGreaterThan(GENERATED);
    const index = JSON.parse(readFileSync(join(dir, '_wiki/search-index.json'), 'utf8')) as { commonTerms: string[]; synonyms: unknown[] };
    expect(index.commonTerms.length).toBeGreaterThan(0);
    expect(index.synonyms.length).toBeGreaterThan(0);
    // Every file of the search has its gzip copy beside it, for hosts that send JSON uncompressed; nothing else has one.
    const files = listFiles(dir);
    const search = files.filter((f) => f.startsWith('_wiki/search/') && f.endsWith('.json'));
    expect(search.length).toBeGreaterThan(documents);
    expect(search.filter((f) => !files.includes(`${f}.gz`))).toEqual([]);
    expect(files.filter((f) => f.endsWith('.gz') && !f.startsWith('_wiki/search/'))).toEqual([]);
    for (const f of ['_wiki/search/base.json', search.find((p) => p.startsWith('_wiki/search/text/'))!])
      expect(gunzipSync(readFileSync(join(dir, `${f}.gz`))).toString('utf8'), f).toBe(readFileSync(join(dir, f), 'utf8'));
  });

  test('an unchanged wiki tokenizes nothing', () => {
    const { tokenized, parsed } = rebuild();
    expect({ tokenized, parsed }).toEqual({ tokenized: 0, parsed: 0 });
  });

  test.each([
    ['a body', () => edit(generated(3), (t) => `${t}\n## 새 절\n\n캐시는 바뀐 문서(Changed Document)만 다시 셉니다.\n`), 1],
    ['a title', () => edit(generated(4), (t) => t.replace(/^title: .*$/m, 'title: "바뀐 제목 안내"')), 1],
    ['the tags', () => edit(generated(5), (t) => t.replace(/^tags: .*$/m, 'tags: [cache, incremental]')), 1],
    ['a deleted document', () => remove(generated(6)), 0],
    ['an added document', () => edit('generated/new.md', () => '---\nid: new\ntitle: 새 문서\ntags: [cache]\n---\n\n## 절\n\n캐시(Cache) 이야기.\n'), 1],
    ['a gloss written into a body', () => edit(generated(7), (t) => `${t}\n상호 배제(Mutual Exclusion)를 씁니다.\n`), 1],
  ])('after %s, only that document is tokenized and every file is what a clean build writes', (_, change, tokenized) => {
    change();
    expect(rebuild().tokenized).toBe(tokenized);
  });

  const indexFile = () => join(cache, 'index.json');
  /** The file with its checksum made right again: what is left to catch is the header or an entry. */
  const reseal = (text: string) => {
    const body = text.slice(0, text.lastIndexOf('\n') + 1);
    return `${body}${sha256(body)}`;
  };
  test.each([
    ['cut short', (text: string) => text.slice(0, Math.floor(text.length / 2))],
    [
      'with one digit changed',
      (text: string) => {
        const at = text.indexOf('\n') + 1 + text.slice(text.indexOf('\n') + 1).search(/\d/);
        return `${text.slice(0, at)}${text[at] === '1' ? '2' : '1'}${text.slice(at + 1)}`;
      },
    ],
    ['from another version (checksum right)', (text: string) => reseal(text.replace(/"version":\d+/, '"version":0'))],
    ['from other code (checksum right)', (text: string) => reseal(text.replace(/"code":"[0-9a-f]+"/, '"code":"0000"'))],
    ['not a cache at all', () => 'not a cache'],
    [
      'holding an entry of another shape (checksum right)',
      (text: string) => {
        const lines = text.split('\n');
        lines[1] = `${lines[1]!.slice(0, lines[1]!.indexOf('\t'))}\t[{"fields":"not counts"}]`;
        return reseal(lines.join('\n'));
      },
    ],
  ])('a cache file %s is ignored and rebuilt, and changes nothing', (_, damage) => {
    // The similarity term counts beside it, damaged too: the relations in the catalog must not change either.
    const terms = join(cache, 'terms.json');
    writeFileSync(terms, damage(readFileSync(terms, 'utf8')));
    writeFileSync(indexFile(), damage(readFileSync(indexFile(), 'utf8')));
    const expected = _.startsWith('holding') ? 1 : documents;
    expect(rebuild().tokenized).toBe(expected);
    // The rebuilt cache is whole again.
    expect(rebuild().tokenized).toBe(0);
  });
});
