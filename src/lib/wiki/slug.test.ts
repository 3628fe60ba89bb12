import { describe, expect, test } from 'vitest';
import { isSlug, toSlug } from './slug.ts';

describe('toSlug', () => {
  test.each([
    ['reference/react/useState.md', 'reference/react/usestate'],
    ['learn/index.md', 'learn'],
    ['learn/_index.md', 'learn'],
    ['index.md', 'index'],
    ['guides/Setup Guide.md', 'guides/setup-guide'],
    ['검색/한국어 토크나이저.md', '검색/한국어-토크나이저'],
    ['blog/2024/12/05/react-19.md', 'blog/2024/12/05/react-19'],
    ['a\\b\\C.MD', 'a/b/c'],
  ])('%s → %s', (path, slug) => {
    expect(toSlug(path)).toBe(slug);
    expect(isSlug(slug)).toBe(true);
  });
});

describe('isSlug', () => {
  test.each(['Upper', '../etc/passwd', '/abs', 'a//b', 'a b', '', 'trailing-', 'a/-b'])('rejects %j', (value) => {
    expect(isSlug(value)).toBe(false);
  });
});
