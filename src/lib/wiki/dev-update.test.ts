import { describe, expect, test } from 'vitest';
import type { RawFile } from './document.ts';
import { createDevParseCache, keepUnchanged, relatedJobOf, relatedOfJob, relatedOfWiki, withRelated } from './dev-update.ts';
import { buildWiki, type WikiOptions } from './pipeline.ts';

const options: WikiOptions = { categories: ['guide'], base: '/' };
const file = (path: string, id: string, title: string, body: string, extra = ''): RawFile => ({
  path,
  mtime: '2026-12-01T00:00:00.000Z',
  text: `---\nid: ${id}\ntitle: ${title}\ncategory: guide\n${extra}---\n\n${body}\n`,
});
const files = [
  file('a.md', 'alpha', '알파', '[[beta]]를 봅니다.', 'tags: [공통]\n'),
  file('b.md', 'beta', '베타', '베타 문서입니다.', 'tags: [공통]\n'),
  file('c.md', 'gamma', '감마', '[[alpha]] 다음에 읽습니다.'),
];
/** What the pages show: documents with everything derived, problems, drafts dropped (the resolver is functions). */
const shown = (wiki: ReturnType<typeof buildWiki>) => ({ documents: wiki.documents, problems: wiki.problems, dropped: wiki.dropped });

describe('createDevParseCache', () => {
  test('answers for the same file object or an equal one, and parses again a changed text, path or category list', () => {
    const parsed: string[] = [];
    const keep = (path: string) => void parsed.push(path);
    const cache = createDevParseCache();
    buildWiki(files, options, cache, keep);
    expect(parsed).toEqual(['a.md', 'b.md', 'c.md']);
    parsed.length = 0;
    // Equal copies (a collector that read the file again) parse nothing; a new text parses that file only.
    const edited = [{ ...files[0]! }, file('b.md', 'beta', '베타 2', '베타 문서입니다.', 'tags: [공통]\n'), files[2]!];
    const wiki = buildWiki(edited, options, cache, keep);
    expect(parsed).toEqual(['b.md']);
    expect(shown(wiki)).toEqual(shown(buildWiki(edited, options)));
    parsed.length = 0;
    buildWiki(edited, { ...options, categories: ['guide', 'concept'] }, cache, keep);
    expect(parsed).toEqual(['a.md', 'b.md', 'c.md']);
  });

  test('prune forgets deleted paths: a file that comes back is parsed again', () => {
    const parsed: string[] = [];
    const cache = createDevParseCache();
    buildWiki(files, options, cache);
    cache.prune(new Set(['a.md', 'c.md']));
    buildWiki(files, options, cache, (path) => void parsed.push(path));
    expect(parsed).toEqual(['b.md']);
  });

  test('term counts are counted once per text, remembered ones used as given', () => {
    const counted: string[] = [];
    const cache = createDevParseCache((text) => {
      counted.push(text);
      return new Map([['용어', 1]]);
    });
    cache.remember('기억한 글', { terms: ['기억'], counts: [2] });
    expect(cache.termCounts!('기억한 글')).toEqual({ terms: ['기억'], counts: [2] });
    cache.termCounts!('새 글');
    cache.termCounts!('새 글');
    expect(counted).toEqual(['새 글']);
    // A prune keeps the counts the last full build asked for, and drops the others.
    cache.prune(new Set());
    cache.termCounts!('새 글');
    cache.prune(new Set());
    cache.termCounts!('기억한 글');
    expect(counted).toEqual(['새 글', '기억한 글']);
  });
});

describe('buildWiki with carried related lists', () => {
  test('equals a full build but for the related lists, which are the carried ones less the documents gone', () => {
    const before = buildWiki(files, options);
    expect(before.documents.map((d) => [d.source.id, d.related.map((r) => r.id)])).toEqual([
      ['alpha', ['beta', 'gamma']],
      ['beta', ['alpha']],
      ['gamma', ['alpha']],
    ]);
    // beta deleted, delta new (linking to alpha), gamma's title changed.
    const after = [files[0]!, file('c.md', 'gamma', '감마 2', '[[alpha]] 다음에 읽습니다.'), file('d.md', 'delta', '델타', '[[alpha]] 참고.')];
    const quick = buildWiki(after, options, undefined, undefined, relatedOfWiki(before));
    const full = buildWiki(after, options);
    const withoutRelated = (wiki: ReturnType<typeof buildWiki>) => wiki.documents.map(({ related: _, ...d }) => d);
    expect(withoutRelated(quick)).toEqual(withoutRelated(full));
    expect(quick.problems).toEqual(full.problems);
    expect(quick.documents.map((d) => [d.source.id, d.related.map((r) => r.id)])).toEqual([
      ['alpha', ['gamma']],
      ['delta', []],
      ['gamma', ['alpha']],
    ]);
    expect(full.documents.find((d) => d.source.id === 'delta')?.related.map((r) => r.id)).toEqual(['alpha']);
  });
});

describe('related lists weighed apart from the build (maru dev, on another thread)', () => {
  test("a quick build's job gives a full build's lists; the wiki takes them, and the lists it already has give nothing to show", () => {
    const before = buildWiki(files, options);
    const after = [files[0]!, file('c.md', 'gamma', '감마 2', '[[alpha]] 다음에 읽습니다.'), file('d.md', 'delta', '델타', '[[alpha]] 참고.')];
    const quick = buildWiki(after, options, undefined, undefined, relatedOfWiki(before));
    const full = buildWiki(after, options);
    // Through structured cloning, as the thread receives and answers it.
    const related = new Map(structuredClone([...relatedOfJob(structuredClone(relatedJobOf(quick)))]));
    expect([...related].map(([id, list]) => [id, list.map((r) => r.id)])).toEqual([
      ['alpha', ['delta', 'gamma']],
      ['delta', ['alpha']],
      ['gamma', ['alpha']],
    ]);
    const settled = withRelated(quick, related)!;
    expect(shown(settled)).toEqual(shown(full));
    // The documents whose list did not change are the same objects (their catalog rows are not made again).
    expect(settled.documents.find((d) => d.source.id === 'gamma')).toBe(quick.documents.find((d) => d.source.id === 'gamma'));
    expect(withRelated(full, related)).toBeUndefined();
  });
});

describe('keepUnchanged', () => {
  test('a document a save left as it was is the object the last update had; the saved one and those whose links changed are new', () => {
    const cache = createDevParseCache();
    const before = buildWiki(files, options, cache);
    // gamma now links to beta too: gamma changed, beta gains a backlink, alpha is as it was (a quick update: related lists carried).
    const edited = [files[0]!, files[1]!, file('c.md', 'gamma', '감마', '[[alpha]] 다음에 [[beta]]를 읽습니다.')];
    const after = buildWiki(edited, options, cache, undefined, relatedOfWiki(before));
    const kept = keepUnchanged(before, after);
    expect(kept.documents.map((d) => d === before.documents.find((b) => b.source.id === d.source.id))).toEqual([true, false, false]);
    expect(shown(kept)).toEqual(shown(after));
  });
});
