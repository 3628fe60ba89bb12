import { expect, test } from 'vitest';
import { parseMarkdown } from './parse.ts';

// How the site renders them is in test/fixtures/markdown/site-docsify-page and site-wikijs-page; this is what search reads.
test("Docsify's !> and ?> markers and Wiki.js's {.is-…} class lines leave the section text; what they mark stays", () => {
  const md = parseMarkdown(
    ['## 안내', '', '> 배포 전에 승인을 받으세요.', '{.is-warning}', '', '?> 처음이라면 빠른 시작부터', '', '!> 운영 DB 주의'].join('\n'),
  );
  expect(md.sections.map((s) => s.text)).toEqual(['', '배포 전에 승인을 받으세요.\n처음이라면 빠른 시작부터\n운영 DB 주의']);
});
