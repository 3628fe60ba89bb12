import { expect, test } from 'vitest';
import { bookOrder, folderOrder } from './book-summary.ts';

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

test("an Azure DevOps wiki's .order file gives its folder's pages their places; blank lines and paths are skipped", () => {
  expect([...folderOrder('Team-Guide/.order', 'Onboarding\r\n\r\nDeploy-Process\n../Escape\nOnboarding\n')]).toEqual([
    ['Team-Guide/Onboarding.md', 1],
    ['Team-Guide/Deploy-Process.md', 2],
  ]);
  expect([...folderOrder('.order', 'Home\n')]).toEqual([['Home.md', 1]]);
});
