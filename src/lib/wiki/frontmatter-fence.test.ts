import { describe, expect, test } from 'vitest';
import { normalizeText, stripFrontmatter } from './frontmatter-fence.ts';

describe('normalizeText', () => {
  test.each([
    ['a\r\nb\r\n', 'a\nb\n'],
    ['\uFEFFa\nb', 'a\nb'],
    ['a\rb', 'a\nb'],
    ['a\n\r\nb', 'a\n\nb'],
  ])('%j → %j', (input, output) => {
    expect(normalizeText(input)).toBe(output);
  });
});

describe('stripFrontmatter', () => {
  test.each([
    ['---\ntitle: x\n---\n\n# 본문\n', '\n# 본문\n'],
    ['\uFEFF---\r\ntitle: x\r\n---\r\n본문\r\n', '본문\n'],
    ['# 본문\n---\n끝\n', '# 본문\n---\n끝\n'],
    ['---\ntitle: 닫히지 않음\n', '---\ntitle: 닫히지 않음\n'],
    ['---js\n{}\n---\n본문\n', '---js\n{}\n---\n본문\n'],
  ])('%j → %j', (input, output) => {
    expect(stripFrontmatter(input)).toBe(output);
  });
});
