import { expect, test } from 'vitest';
import { bookOrder } from './book-summary.ts';

test("a book's SUMMARY.md gives each page its place, first mention wins; other links are not pages", () => {
  const summary = [
    '# Table of contents',
    '',
    '* [소개](README.md)',
    '',
    '## 가이드',
    '',
    '* [온보딩](guides/onboarding.md)',
    '  * [공백 있는 이름](<guides/first week.md>)',
    '  * [한글 인코딩](guides/%EB%B0%B0%ED%8F%AC.md#rollback)',
    '* [다시 소개](./README.md)',
    '* [바깥](../outside.md) [웹](https://example.com/a.md) [루트](/abs.md) [그림](a.png)',
  ].join('\n');
  expect([...bookOrder(summary)]).toEqual([
    ['README.md', 1],
    ['guides/onboarding.md', 2],
    ['guides/first week.md', 3],
    ['guides/배포.md', 4],
  ]);
});
