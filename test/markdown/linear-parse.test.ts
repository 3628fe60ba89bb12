// Issue 42: a page of one dialect construct repeated must parse in time that grows with its size. Quadratic parses
// (micromark's text resolution under GFM, the wikilink line count) took 10 s at 128 KB and minutes at 512 KB. This
// compares two sizes within one run, never an absolute time: eight times the text may take at most twelve times as long
// (linear is eight; the margin is for the garbage collector and a busy machine). Sizes far apart rather than large
// ones keep it cheap: a quadratic part grows 64-fold between them, so a parse that is quadratic as those were fails at
// once, while a mildly quadratic one (a square term under the linear work at 256 KB) may pass.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, test } from 'vitest';
import { parseMarkdown } from '../../src/lib/markdown/parse.ts';

// Each parse starts from a collected heap, so one size does not pay for the garbage the other left.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const CONSTRUCTS: Record<string, string> = {
  'Docsify hints': '?> 팁 a\n!> 중요 b\n',
  'Liquid if lines': '{% if site.x %}\n텍스트\n{% endif %}\n',
  'Hugo shortcodes': '{{< hint info >}}\n내용\n{{< /hint >}}\n',
  ':::containers': '::: tip\n내용\n:::\n',
  '[[wiki links]]': '[[문서]] 와 [[다른|라벨]]\n',
  '^block ids': '문장 ^abc123\n\n',
  $math$: '$x^2$ 와 $y$\n',
  'a GFM paragraph of many lines': 'abc def\n',
};

const page = (unit: string, kb: number) => unit.repeat(Math.ceil((kb * 1024) / unit.length));

/** The CPU time of one parse (this process's, not the clock's: on a shared machine the clock counts others' work too). */
function timed(text: string): number {
  gc();
  const start = process.cpuUsage();
  parseMarkdown(text);
  const { user, system } = process.cpuUsage(start);
  return user + system;
}

describe('parse time grows linearly with the page', () => {
  test.each(Object.entries(CONSTRUCTS))(
    '%s: 256 KB take at most 12× what 32 KB take',
    (_, unit) => {
      const small = page(unit, 32);
      const large = page(unit, 256);
      timed(page(unit, 16));
      // The best of three at the small size, and of two at the large one when its first run is over: a busy machine
      // (caches, memory bandwidth) only ever slows a run down.
      const base = Math.min(timed(small), timed(small), timed(small));
      let ratio = timed(large) / base;
      if (ratio > 12) ratio = Math.min(ratio, timed(large) / base);
      expect(ratio).toBeLessThanOrEqual(12);
    },
    300_000,
  );
});
