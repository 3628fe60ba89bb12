import { expect, test } from 'vitest';
import { includeLines } from './includes.ts';

test('include lines of VitePress, mdBook (in code too), GitBook, Jekyll and MkDocs are found with their lines', () => {
  const md = [
    '<!--@include: ./parts/basics.md-->', //         1
    '<!-- @include: @/snippets/a.md{3,10} -->',
    '```rust',
    '{{#include ../listings/main.rs:2:5}}', //      4
    '```',
    '{% include "../.gitbook/includes/notice.md" %}',
    '{% include_relative _parts/setup.md %}',
    '--8<-- "docs/abbreviations.md"', //            8
    '```md',
    '<!--@include: ./example.md-->',
    '```',
    '{% include nav.html %}', //                    12: a Jekyll template, not a file pasted in
    '본문에 쓴 <!--@include: ./x.md--> 는 줄 전체가 아니다',
  ].join('\n');
  expect(includeLines(md)).toEqual([
    { line: 1, path: './parts/basics.md', tool: 'VitePress' },
    { line: 2, path: '@/snippets/a.md', tool: 'VitePress' },
    { line: 4, path: '../listings/main.rs', tool: 'mdBook' },
    { line: 6, path: '../.gitbook/includes/notice.md', tool: 'GitBook' },
    { line: 7, path: '_parts/setup.md', tool: 'Jekyll' },
    { line: 8, path: 'docs/abbreviations.md', tool: 'MkDocs' },
  ]);
});

test('a long line is read in one pass and is never an include line', () => {
  expect(includeLines(`<!-- @include: ${'a'.repeat(200_000)}`)).toEqual([]);
  expect(includeLines('plain text without any\n')).toEqual([]);
});
