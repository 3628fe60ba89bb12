import { describe, expect, test } from 'vitest';
import { toSourceDocument, type SourceDocument } from './document.ts';
import { findDuplicateExternalIds } from './external-ids.ts';
import { formatProblem } from './problems.ts';

const CATEGORIES = ['guide'];

function doc(path: string, externalId: string | undefined): SourceDocument {
  const key = externalId === undefined ? '' : `external_id: ${externalId}\n`;
  const parsed = toSourceDocument({ path, mtime: '2026-11-30T00:00:00.000Z', text: `---\ntitle: ${path}\ncategory: guide\n${key}---\n\nbody\n` }, CATEGORIES);
  return parsed.doc!;
}

describe('findDuplicateExternalIds', () => {
  test('names both files, at the external_id line', () => {
    const problems = findDuplicateExternalIds([doc('a/one.md', 'k1'), doc('a/two.md', 'k2'), doc('b/three.md', 'k1')]);
    expect(problems.map((p) => formatProblem(p))).toEqual([
      'b/three.md:4 external_id: external_id "k1"를 a/one.md:4에서도 쓰고 있습니다. external_id는 문서마다 달라야 합니다 (remember_knowledge는 같은 external_id를 한 문서로 봅니다). 한쪽에서 지우거나 두 파일을 합치세요.',
    ]);
  });

  test('documents without external_id never collide', () => {
    expect(findDuplicateExternalIds([doc('a.md', undefined), doc('b.md', undefined)])).toEqual([]);
  });
});
