import { describe, expect, test } from 'vitest';
import { normalizeText, renderableText, stripFrontmatter } from './frontmatter-fence.ts';

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

test("renderableText: Hugo's +++ block becomes an empty --- block of as many lines, for Astro's renderer; other text is as given", () => {
  expect(renderableText('+++\ntitle = "a"\ndate = 2024-01-01\n+++\n\n# 본문\n')).toBe('---\n\n\n---\n\n# 본문\n');
  expect(renderableText('+++\r\ntitle = "a"\r\n+++\r\n본문')).toBe('---\n\n---\n본문');
  expect(renderableText('---\ntitle: a\n---\n본문')).toBe('---\ntitle: a\n---\n본문');
  expect(renderableText('+++\ntitle = "열린 채"\n')).toBe('+++\ntitle = "열린 채"\n');
  expect(stripFrontmatter('+++\ntitle = "a"\n+++\n본문')).toBe('본문');
});
