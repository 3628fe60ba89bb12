// In test/, not beside document.ts: it replaces a module (vi.mock), and src/lib's unit files share workers (vitest.config.ts).
import { expect, test, vi } from 'vitest';
import { DEFAULT_CATEGORIES } from '../../src/lib/wiki/config.ts';
import { toSourceDocument } from '../../src/lib/wiki/document.ts';

// No input that passes the pre-parse scans overflows the stack any more, so the parser is made to overflow for real on
// one marked body: how deep a real overflow needs depends on frame sizes that change as code warms up.
const OVERFLOW = '<!-- overflow -->';

vi.mock('../../src/lib/markdown/parse.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/lib/markdown/parse.ts')>();
  const recurse = (depth: number): number => recurse(depth + 1) + 1;
  return {
    ...real,
    parseMarkdown: (body: string, ...rest: unknown[]) =>
      body.includes(OVERFLOW) ? recurse(0) : (real.parseMarkdown as (...args: unknown[]) => unknown)(body, ...rest),
  };
});

test('a stack overflow while parsing is an error naming the file, not a crash', () => {
  const { doc, problems } = toSourceDocument({ path: 'fn.md', text: `---\ntitle: 각주\n---\n본문\n\n${OVERFLOW}\n`, mtime: '2026-01-02T03:04:05.000Z' }, [
    ...DEFAULT_CATEGORIES,
  ]);
  expect(doc).toBeUndefined();
  expect(problems).toEqual([
    {
      path: 'fn.md',
      line: 4,
      field: 'content',
      message: 'Markdown 본문을 읽을 수 없습니다 (Maximum call stack size exceeded)',
      hint: '너무 깊이 중첩된 인용, 목록, 각주나 강조를 줄이세요',
      severity: 'error',
    },
  ]);
});

test('other bodies parse as usual next to it', () => {
  expect(toSourceDocument({ path: 'a.md', text: '# 제목\n\n본문', mtime: '2026-01-02T03:04:05.000Z' }, [...DEFAULT_CATEGORIES]).doc?.title).toBe('제목');
});
