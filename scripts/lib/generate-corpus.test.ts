import { expect, test } from 'vitest';
import { collectMaterial } from './generate-corpus.ts';

test('borrowed paragraphs keep link texts, also ones holding brackets, and lose the other corpus’s link targets', () => {
  const line =
    '"마운트할 때만" Effect를 실행하고 싶다고 가정해 봅시다. [빈(`[]`) 의존성](/learn/effects#empty)이 그렇게 한다는 것을 [문서](./a.md)에서 읽었습니다.';
  expect(collectMaterial([line]).paragraphs).toEqual([
    '"마운트할 때만" Effect를 실행하고 싶다고 가정해 봅시다. 빈(`[]`) 의존성이 그렇게 한다는 것을 문서에서 읽었습니다.',
  ]);
});
