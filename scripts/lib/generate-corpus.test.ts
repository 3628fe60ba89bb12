import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { changeOneDocument, collectMaterial, documentPath, generateDocument, writeCorpus } from './generate-corpus.ts';

test('borrowed paragraphs keep link texts, also ones holding brackets, and lose the other corpus’s link targets', () => {
  const line =
    '"마운트할 때만" Effect를 실행하고 싶다고 가정해 봅시다. [빈(`[]`) 의존성](/learn/effects#empty)이 그렇게 한다는 것을 [문서](./a.md)에서 읽었습니다.';
  expect(collectMaterial([line]).paragraphs).toEqual([
    '"마운트할 때만" Effect를 실행하고 싶다고 가정해 봅시다. 빈(`[]`) 의존성이 그렇게 한다는 것을 문서에서 읽었습니다.',
  ]);
});

test("a preview's one-file change touches only the middle document, and restore puts its bytes back", () => {
  const dir = mkdtempSync(join(tmpdir(), 'maru-corpus-'));
  try {
    const material = { paragraphs: ['배포 파이프라인은 변경을 검토한 뒤에 운영 환경으로 내보내는 과정입니다. '.repeat(3)], headings: ['배포 절차', '롤백'] };
    writeCorpus(dir, 5, material);
    expect(documentPath(2)).toBe(generateDocument(2, 5, 1, material).path);
    expect(documentPath(2)).toBe('design/doc-00002.md');
    const read = () =>
      new Map(
        readdirSync(dir, { recursive: true, encoding: 'utf8' })
          .filter((p) => p.endsWith('.md'))
          .map((p) => [p, readFileSync(join(dir, p), 'utf8')]),
      );
    const before = read();
    const change = changeOneDocument(dir, 5);
    expect(change.path).toBe('design/doc-00002.md');
    const after = read();
    expect([...after].filter(([p, text]) => before.get(p) !== text).map(([p]) => p)).toEqual(['design/doc-00002.md']);
    expect(after.get('design/doc-00002.md')!.startsWith(before.get('design/doc-00002.md')!)).toBe(true);
    expect(after.get('design/doc-00002.md')).toContain('## 미리보기 변경');
    change.restore();
    expect(read()).toEqual(before);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
