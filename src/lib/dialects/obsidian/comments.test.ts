import { describe, expect, test } from 'vitest';
import { stripObsidianComments } from './comments.ts';

describe('stripObsidianComments blanks what the page does not show, keeping every line', () => {
  test.each([
    ['an inline comment', '앞 %%비밀번호 hunter2%% 뒤', '앞  뒤'],
    ['a block comment over lines and paragraphs', '앞\n%%\n비밀\n\nhunter2\n%%\n뒤', '앞\n\n\n\n\n\n뒤'],
    ['a comment around inline code', '앞 %%`코드` 메모%% 뒤', '앞  뒤'],
    ['an unclosed comment opening a line (hides the rest)', '보임\n%%\n숨김\n\n## 숨은 제목', '보임\n\n\n\n'],
    ['an unclosed comment opening a list item', '- 보임\n- %%숨김\n끝', '- 보임\n- \n'],
  ])('%s', (_, markdown, expected) => {
    expect(stripObsidianComments(markdown)).toBe(expected);
  });

  test.each([
    ['fenced code', '```text\n%% 코드 %%\n```'],
    ['inline code', '주석은 `%%이렇게%%` 씁니다.'],
    ['a last unpaired %% inside a line (shown as text)', '점유율 100%%처럼 씁니다'],
    ['markers in the frontmatter', '---\ntitle: "%%제목%%"\n---\n\n본문'],
  ])('leaves %s as written', (_, markdown) => {
    expect(stripObsidianComments(markdown)).toBe(markdown);
  });

  test('a comment after the frontmatter is blanked, the frontmatter kept', () => {
    expect(stripObsidianComments('---\ntitle: 문서\n---\n\n%%비밀%%\n본문')).toBe('---\ntitle: 문서\n---\n\n\n본문');
  });

  test('a hundred thousand markers take one pass', () => {
    const markdown = '%%숨김%%보임'.repeat(100_000);
    const started = performance.now();
    expect(stripObsidianComments(markdown)).toBe('보임'.repeat(100_000));
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
