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

test("Docsify's _sidebar.md links from the root and without .md; with the folder's pages known, those count too", () => {
  const pages = new Set(['README.md', 'guide/setup.md', 'guide/README.md', 'faq.md']);
  const sidebar = ['* [홈](/)', '* [가이드](/guide/)', '  * [준비](guide/setup)', '* [FAQ](faq.md)', '* [없음](/ghost)', '* [절](#intro)'].join('\n');
  expect([...bookOrder(sidebar, (path) => pages.has(path))]).toEqual([
    ['README.md', 1],
    ['guide/README.md', 2],
    ['guide/setup.md', 3],
    ['faq.md', 4],
  ]);
  // Without the pages, only relative `.md` links count, as in a SUMMARY.md.
  expect([...bookOrder(sidebar)]).toEqual([['faq.md', 1]]);
});
