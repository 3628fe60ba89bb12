import type { Root } from 'mdast';
import type { Transformer } from 'unified';
import { visit } from '../../markdown/visit.ts';

/** What follows `[!code` in a notation: ` ++]`, ` focus:2]`, then the comment's end. Anchored, so linear. */
const NOTATION_TAIL = /^[ \t]+([\w+-]+)(?::([^\]\s]{1,40}))?\][ \t]*(?:\*\/\}|\*\/|-->)?[ \t]*$/;
/** A comment's opening, in the styles of the common languages, right before the notation. */
const COMMENT_OPEN = /(?:\/\/|#|--|;|\/\*|<!--|\{\/\*)$/;

/**
 * A comment holding only a Shiki notation (`// [!code ++]`, `# [!code highlight]`, `<!-- [!code focus:2] -->`) at the end
 * of a line: where the comment starts, the notation's name and its count. VitePress writes line marks this way. Found
 * from the last `[!code` backwards and forwards, never by a regex over the whole line (a line of spaces must stay cheap).
 */
function notationOf(line: string): { at: number; name: string; count: string | undefined } | undefined {
  const start = line.lastIndexOf('[!code');
  if (start < 0) return undefined;
  const tail = NOTATION_TAIL.exec(line.slice(start + 6));
  if (!tail) return undefined;
  const before = line.slice(0, start).trimEnd();
  const open = COMMENT_OPEN.exec(before.slice(-4));
  if (!open) return undefined;
  return { at: before.length - open[0].length, name: tail[1]!, count: tail[2] };
}

/** twoslash's cut lines: everything above `---cut---` (or `---cut-before---`) and below `---cut-after---` is setup. */
const CUT_BEFORE = /^[ \t]*\/\/[ \t]*---cut(?:-before)?---[ \t]*$/;
const CUT_AFTER = /^[ \t]*\/\/[ \t]*---cut-after---[ \t]*$/;
/** twoslash's queries and compiler directives (`// ^?`, `// @errors: 2304`), which it shows as pop-ups, not as code. */
const TWOSLASH_DIRECTIVE = /^[ \t]*\/\/[ \t]*(?:\^[?|^]|@\w+)/;

type Mark = 'highlight' | 'ins' | 'del';
const MARKS: Record<string, Mark> = {
  '++': 'ins',
  '--': 'del',
  highlight: 'highlight',
  hl: 'highlight',
  focus: 'highlight',
  error: 'highlight',
  warning: 'highlight',
};

/**
 * VitePress code notations: a `// [!code ++]` comment marks its line (added, removed, highlighted; `focus`, `error` and
 * `warning` are shown highlighted) and is not shown, and twoslash's setup above `// ---cut---` and its `// ^?` queries are
 * not shown either. The marks join the block's meta (`ins={3}`), which the site already draws. Readers of the index and
 * snippets see the code as VitePress shows it.
 */
export default function remarkCodeNotation(): Transformer<Root> {
  return (tree) => {
    visit(tree, 'code', (node) => {
      const twoslash = /(?:^|\s)twoslash(?:\s|$)/.test(node.meta ?? '');
      if (!twoslash && !node.value.includes('[!code')) return;
      let lines = node.value.split('\n');
      if (twoslash) lines = twoslashVisible(lines);
      const marks: Record<Mark, number[]> = { highlight: [], ins: [], del: [] };
      let pending: { mark: Mark; left: number } | undefined;
      lines = lines.map((line, i) => {
        const m = notationOf(line);
        const mark = m ? MARKS[m.name] : undefined;
        if (m && mark) {
          // `[!code focus:3]` marks this line and the two after it.
          const count = Math.min(Math.max(Number.parseInt(m.count ?? '1', 10) || 1, 1), lines.length);
          pending = { mark, left: count };
        }
        if (pending && pending.left > 0) {
          marks[pending.mark].push(i + 1);
          pending.left--;
        }
        // `[!code word:foo]` and other notations mark nothing here, but are not shown either.
        return m ? line.slice(0, m.at).trimEnd() : line;
      });
      node.value = lines.join('\n');
      const added = [
        marks.highlight.length ? `{${marks.highlight.join(',')}}` : '',
        marks.ins.length ? `ins={${marks.ins.join(',')}}` : '',
        marks.del.length ? `del={${marks.del.join(',')}}` : '',
      ].filter(Boolean);
      if (added.length) node.meta = [node.meta, ...added].filter(Boolean).join(' ');
    });
  };
}

/** The lines twoslash shows: between the cut lines, without its queries and directives. */
function twoslashVisible(lines: readonly string[]): string[] {
  let from = 0;
  let to = lines.length;
  lines.forEach((line, i) => {
    if (CUT_BEFORE.test(line)) from = i + 1;
    else if (CUT_AFTER.test(line) && i < to) to = i;
  });
  return lines.slice(from, Math.max(from, to)).filter((line) => !TWOSLASH_DIRECTIVE.test(line));
}
