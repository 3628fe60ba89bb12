// Property test of the dialect plugins over what migrated folders mix: template tags, raw blocks, MkDocs blocks,
// containers, Obsidian comments, lists, quotes and fences in any order, nested or unclosed. Fixed seed here;
// MARU_FUZZ_RUNS and MARU_FUZZ_SEED run it longer, as `npm run fuzz` does for the server.
import fc from 'fast-check';
import rehypeRaw from 'rehype-raw';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { expect, test } from 'vitest';
import { dialectPlugins } from '../../src/lib/markdown/dialect.ts';
import { parseMarkdown } from '../../src/lib/markdown/parse.ts';

const RUNS = Number(process.env.MARU_FUZZ_RUNS ?? 500);
const SEED = Number(process.env.MARU_FUZZ_SEED ?? 20261203);

/** Lines each dialect reads, and the Markdown they meet. */
const LINE = fc.constantFrom(
  ...['{% hint style="info" %}', '{% endhint %}', '{% tabs %}', '{% tab title="a" %}', '{% endtab %}', '{% endtabs %}'],
  ...['{{< highlight go >}}', '{{< /highlight >}}', '{% highlight ruby %}', '{% endhighlight %}', '::: mermaid', ':::', '::: tip'],
  ...['{% embed url="https://example.com" %}', '{% endembed %}', '{{< figure src="a.png" caption="c" >}}', '[a]({{< ref "x.md" >}})'],
  ...['{% comment %}', '{% endcomment %}', '{{/* x */}}', '{% content-ref url="x.md" %}', '[x.md](x.md)', '{% endcontent-ref %}'],
  ...['{{< details "d" >}}', '{{< /details >}}', '{% include nav.html %}', '!!! note "t"', '    body', '%% c', '%%'],
  ...['?> 팁', '!> 중요', '- !> 목록', '> ?> 인용', '[[글|known]]', '[홈](/)'],
  ...['{.is-info}', '> {.is-warning}', '[[images/a.png|alt=그림]]', '#태그 #123은', '<!--@include: ./a.md-->', '{{#include a.rs}}'],
  ...['- item', '  - sub', '> quote', '```', '# h', '## h2', '1. one', '| a | b |', '|---|---|', '<div>', '</div>', '', '', '본문 text'],
);

/** Lines that hide what follows them when left open, as they should: a code fence and an Obsidian comment. */
const HIDES_THE_REST = new Set(['```', '%%', '%% c']);

test('any mix of dialect lines parses and renders through raw HTML without throwing; a closing paragraph is always kept but after an open fence or comment', () => {
  // rehype-raw asserts that every node the plugins make has a whole position (with offsets).
  const render = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(dialectPlugins())
    .use(remarkRehype, { allowDangerousHtml: true })
    .use(rehypeRaw)
    .use(rehypeStringify);
  fc.assert(
    fc.property(fc.array(LINE, { maxLength: 60 }), (lines) => {
      const markdown = [...lines, '', '끝맺는 문단'].join('\n');
      const parsed = parseMarkdown(markdown);
      const html = String(render.processSync(markdown));
      if (lines.some((l) => HIDES_THE_REST.has(l))) return;
      expect(parsed.sections.map((s) => s.text).join('\n')).toContain('끝맺는 문단');
      expect(html).toContain('끝맺는 문단');
    }),
    { numRuns: RUNS, seed: SEED, endOnFailure: true },
  );
});
