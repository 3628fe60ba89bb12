// The sweeps of `npm test` render, of the carried corpora, only files that together show every construct any corpus
// file shows (test/helpers/sweep.ts); `npm run test:corpora` renders all of them.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { CARRIED_CORPORA, constructsOf, coveringFiles, markdownFiles } from './helpers/sweep.ts';

test('the covering files show every construct the corpora show, in far fewer files', () => {
  const all = markdownFiles(CARRIED_CORPORA);
  const every = new Set(all.flatMap((f) => [...constructsOf(readFileSync(f, 'utf8'))]));
  const picked = coveringFiles(all);
  const shown = new Set(picked.flatMap((f) => [...constructsOf(readFileSync(f, 'utf8'))]));
  expect([...every].filter((c) => !shown.has(c))).toEqual([]);
  expect(all.length).toBeGreaterThan(400);
  expect(picked.length).toBeLessThan(all.length / 5);
});

test('constructs are read by kind: fences by language and meta, callouts, containers, tags outside code', () => {
  const text = '---\nt: 1\n---\n> [!TIP]\n> 팁\n\n::: code-group\n```js [a.js]\nconst x = <b>1</b>;\n```\n:::\n\n<Sandpack>\n\n<kbd>Ctrl</kbd> `<i>`\n';
  expect([...constructsOf(text)].sort()).toEqual(
    [
      'block:>',
      'block::::',
      'block:```',
      'callout:tip',
      'code-span',
      'container:code-group',
      'fence-meta:title',
      'fence:',
      'fence:js',
      'frontmatter:yaml',
      'tag:component',
      'tag:kbd',
      'tag:kbd:close',
    ].sort(),
  );
});

test('a pick is greedy and deterministic: the file showing most new constructs first, the smaller on a tie', () => {
  const texts: Record<string, string> = { 'a.md': '| t |\n| - |\n| 1 |\n~~x~~', 'b.md': '| t |\n| - |\n| 1 |\n~~x~~ more text', 'c.md': '~~x~~' };
  expect(coveringFiles(Object.keys(texts), (f) => texts[f]!)).toEqual(['a.md']);
});
