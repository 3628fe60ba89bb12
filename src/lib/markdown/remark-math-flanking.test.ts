import { describe, expect, test } from 'vitest';
import { parseMarkdown } from './parse.ts';
import { isMath } from './remark-math-flanking.ts';

describe('isMath: a dollar pair is a formula only where pandoc and GitHub read one', () => {
  test.each([
    ['$2^{i-1}$', '이', true],
    ['$x$', undefined, true],
    ['$$x$$', ' ', true],
    // A space inside either dollar, or a digit right after the closing one: prose, not math.
    ['$5 and $', '1', false],
    ['$PATH에 추가하고 $', 'H', false],
    ['$$\nEND $$', undefined, false],
    ['$x$', '5', false],
    ['$$', undefined, false],
  ])('%j followed by %j → %s', (written, after, math) => {
    expect(isMath(written, after)).toBe(math);
  });
});

describe('in the parse every page and the index share', () => {
  const text = (md: string) =>
    parseMarkdown(md)
      .sections.map((s) => s.text)
      .join(' ');

  test('prose with dollars stays text, with its wiki links; a formula is read like inline code', () => {
    const md = parseMarkdown('가격은 $5 and [[요금표]] $10 사이이고 높이는 $2^{k} - 1$이다.\n');
    expect(md.links.map((l) => l.target)).toEqual(['요금표']);
    expect(text('가격은 $5 and $10 사이이고 높이는 $2^{k} - 1$이다.\n')).toBe('가격은 $5 and $10 사이이고 높이는 2^{k} - 1이다.');
  });

  test('a display formula, `$$` or ```math, is left out of the text like a code block', () => {
    expect(text('앞 글\n\n$$\n\\sum_{i=1}^{n} i\n$$\n\n뒤 글\n')).toBe('앞 글\n뒤 글');
  });
});
