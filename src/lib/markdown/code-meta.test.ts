import { describe, expect, test } from 'vitest';
import { lineMarks, parseCodeMeta, parseLineRanges } from './code-meta.ts';

describe('parseLineRanges', () => {
  test.each([
    ['2-3', [2, 3]],
    ['1,4-5, 7', [1, 4, 5, 7]],
    ['x,3', [3]],
    ['0', []],
    ['', []],
  ])('%s', (text, lines) => expect([...parseLineRanges(text)]).toEqual(lines));

  test('a huge range is cut instead of allocating forever', () => {
    expect(parseLineRanges('1-99999999').size).toBe(10_001);
  });
});

describe('parseCodeMeta', () => {
  test('a bare file path after the language, or a VitePress [name], is the title; flags, highlights and words are not', () => {
    expect(
      [
        'src/data.js',
        'src/App.js active',
        '/App.js hidden',
        'package.json',
        '[vite.config.js]',
        '[Child.vue] {2}',
        '{2-3}',
        '[[1, 3, "x"]]',
        'active',
        'showLineNumbers',
        'v1.2',
      ].map((m) => parseCodeMeta(m).title),
    ).toEqual(['src/data.js', 'src/App.js', '/App.js', 'package.json', 'vite.config.js', 'Child.vue', undefined, undefined, undefined, undefined, undefined]);
    expect(parseCodeMeta('[Child.vue] {2}').highlight).toEqual(new Set([2]));
  });

  test('title in double, single or no quotes', () => {
    expect([parseCodeMeta('title="app.js"').title, parseCodeMeta("title='a b.ts'").title, parseCodeMeta('title=x.md {1}').title]).toEqual([
      'app.js',
      'a b.ts',
      'x.md',
    ]);
  });
  test('bare braces highlight, ins/del mark added and removed lines, mark= also highlights', () => {
    const m = parseCodeMeta('title="app.js" {2-3} ins={5} del={6,7} mark={9}');
    expect([[...m.highlight], [...m.inserted], [...m.deleted]]).toEqual([[2, 3, 9], [5], [6, 7]]);
  });
  test('no meta means nothing marked', () => {
    expect(parseCodeMeta(undefined)).toEqual({ title: undefined, highlight: new Set(), inserted: new Set(), deleted: new Set() });
  });
});

test('lineMarks: explicit marks, and + / - lines of a diff block', () => {
  expect(lineMarks(parseCodeMeta('{1} ins={2} del={3}'), ['a', 'b', 'c', 'd'], 'js')).toEqual(['highlight', 'inserted', 'deleted', undefined]);
  expect(lineMarks(parseCodeMeta(''), [' same', '+added', '-removed'], 'diff')).toEqual([undefined, 'inserted', 'deleted']);
  expect(lineMarks(parseCodeMeta(''), ['+x'], 'js')).toEqual([undefined]);
});
