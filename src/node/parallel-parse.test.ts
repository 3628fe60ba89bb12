import { deserialize } from 'node:v8';
import type { Root } from 'mdast';
import { describe, expect, test } from 'vitest';
import { toSourceDocument, type RawFile } from '../lib/wiki/document.ts';
import type { ParseCache, ParsedFile } from '../lib/wiki/pipeline.ts';
import { MIN_FILES_FOR_WORKERS, parseInParallel, buildThreads, withParsedAhead } from './parallel-parse.ts';

const CATEGORIES = ['concept', 'guide'];
const options = { categories: CATEGORIES, base: '/' };
const file = (path: string, text: string): RawFile => ({ path, text, mtime: '2026-11-01T00:00:00.000Z' });

/** Enough Korean-heavy Markdown that parsing it takes seconds, so a worker started beside this thread takes part. */
function wiki(count: number): RawFile[] {
  const paragraph = '렌더링은 컴포넌트가 화면에 무엇을 그릴지 계산하는 과정입니다. `useState`로 상태를 두고, **이벤트 핸들러**에서 바꿉니다. [[doc-1]]';
  return Array.from({ length: count }, (_, i) =>
    file(
      `p${i % 7}/doc-${i}.md`,
      `---\nid: doc-${i}\ntitle: 문서 ${i}\ncategory: ${CATEGORIES[i % 2]}\n---\n\n` +
        Array.from(
          { length: 12 },
          (_, s) => `## 절 ${s}\n\n${paragraph}\n\n| 열 | 값 |\n| --- | --- |\n| a${s} | ${i} |\n\n- 항목 ${s}\n- [링크](./doc-${s}.md)\n`,
        ).join('\n'),
    ),
  );
}

describe('parseInParallel', () => {
  test('parses on this thread and a worker at once, with exactly the one-thread results and trees', async () => {
    const files = [...wiki(600), file('broken.md', '---\ntitle: [닫히지 않은\n---\n본문\n')];
    const mainTrees = new Map<string, Root>();
    const workerTrees = new Map<string, Root>();
    const errors: Error[] = [];
    const parsed = await parseInParallel(
      files,
      CATEGORIES,
      {
        keep: (path, { tree }) => mainTrees.set(path, structuredClone(tree)),
        keepSerialized: (path, { serialized }) => workerTrees.set(path, deserialize(serialized) as Root),
      },
      { threads: 1, minFiles: 2, onWorkerError: (error) => errors.push(error) },
    );
    expect(errors).toEqual([]);
    expect(parsed.size).toBe(files.length);
    // Both threads took files; every file's tree arrived once, from one of them.
    expect(workerTrees.size).toBeGreaterThan(0);
    expect(mainTrees.size).toBeGreaterThan(0);
    expect(mainTrees.size + workerTrees.size).toBe(files.length - 1);
    for (const f of files) {
      let tree: Root | undefined;
      const alone = toSourceDocument(f, CATEGORIES, (_path, kept) => (tree = kept.tree));
      expect(parsed.get(f.path)).toEqual(alone);
      if (tree) expect(mainTrees.get(f.path) ?? workerTrees.get(f.path)).toEqual(tree);
    }
    expect(parsed.get('broken.md')!.problems[0]).toMatchObject({ path: 'broken.md', severity: 'error' });
  });

  test('a wiki with fewer files to parse than the threshold starts no worker: everything is parsed on this thread', async () => {
    const files = wiki(20);
    let serialized = 0;
    const parsed = await parseInParallel(files, CATEGORIES, { keep: () => {}, keepSerialized: () => serialized++ }, { threads: 3 });
    expect(parsed.size).toBe(20);
    expect(serialized).toBe(0);
    expect(MIN_FILES_FOR_WORKERS).toBe(2000);
  });
});

describe('withParsedAhead', () => {
  test('answers from the results parsed ahead and stores each in the cache; asks the cache for the others', () => {
    const [a, b] = wiki(2) as [RawFile, RawFile];
    const ahead = new Map([[a.path, toSourceDocument(a, CATEGORIES)]]);
    const stored = new Map<string, ParsedFile>();
    const fromCache = toSourceDocument(b, CATEGORIES);
    const cache: ParseCache = {
      get: (f) => (f.path === b.path ? fromCache : undefined),
      set: (f, _o, parsed) => void stored.set(f.path, parsed),
    };
    const wrapped = withParsedAhead(cache, ahead);
    expect(wrapped.get(a, options)).toBe(ahead.get(a.path));
    expect([...stored.keys()]).toEqual([a.path]);
    expect(wrapped.get(b, options)).toBe(fromCache);
    expect(wrapped.get(file('c.md', '# 다'), options)).toBeUndefined();
  });
});

describe('buildThreads', () => {
  test('MARU_THREADS sets the number of workers; anything but a whole number is an error naming it', () => {
    expect(buildThreads({ MARU_THREADS: '0' })).toBe(0);
    expect(buildThreads({ MARU_THREADS: '2' })).toBe(2);
    expect(() => buildThreads({ MARU_THREADS: 'many' })).toThrow('MARU_THREADS must be a whole number of threads (0 or more), not "many"');
    expect(() => buildThreads({ MARU_THREADS: '-1' })).toThrow('MARU_THREADS');
    expect(buildThreads({})).toBeGreaterThanOrEqual(0);
    expect(buildThreads({})).toBeLessThanOrEqual(3);
  });
});
