import { describe, expect, test } from 'vitest';
import { firstParagraph, parseBody, plainText } from './plain-text.ts';

function plain(markdown: string): string {
  return plainText(parseBody(markdown), markdown);
}

describe('plain text of Markdown', () => {
  test.each([
    ['`MAX_RESULT_CHARS` 상수(25_000)', 'MAX_RESULT_CHARS 상수(25_000)'],
    ['node_modules 밖, 2*3*4 = 24, a*b*c', 'node_modules 밖, 2*3*4 = 24, a*b*c'],
    ['**굵게**, *기울여*, ~~지움~~, 이것은**중요**하다', '굵게, 기울여, 지움, 이것은중요하다'],
    ['[링크 글](https://example.com) ![그림 설명](a.png)', '링크 글 그림 설명'],
    ['글<br>자 <span>안</span>', '글자 안'],
    ['- 하나\n- 둘', '하나\n둘'],
  ])('%j → %j', (markdown, text) => {
    expect(plain(markdown)).toBe(text);
  });

  test('the first paragraph with text is found inside lists and quotes, after headings and code', () => {
    const body = '# 제목\n\n```sh\nnpm test\n```\n\n> - 인용 속 목록의 문단\n\n둘째 문단';
    const para = firstParagraph(parseBody(body), body);
    expect(para && plainText(para, body)).toBe('인용 속 목록의 문단');
    expect(firstParagraph(parseBody('# 제목만'), '# 제목만')).toBeUndefined();
  });
});
