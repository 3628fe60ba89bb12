import type { Parent, PhrasingContent, Root, Text } from 'mdast';
import type { InlineMath } from 'mdast-util-math';
import type { Transformer } from 'unified';
import type { VFile } from 'vfile';
import { visit } from './visit.ts';

/**
 * `$…$` is math only where pandoc and GitHub read it as math: the opening `$` has no space after it, the closing one
 * none before it, and no digit follows the closing one. remark-math pairs any two dollars, so prose that mentions
 * money or shell variables (`$5 and $10`, `$PATH에 추가하고 $HOME/bin`, `DELIMITER $$ … END $$`) became a formula. Such
 * a pair goes back to the text as written; inline Markdown between the dollars stays as typed.
 */
export default function remarkMathFlanking(): Transformer<Root> {
  return (tree: Root, file: VFile) => {
    const source = String(file.value ?? '');
    if (!source.includes('$')) return;
    const touched = new Set<Parent>();
    visit(tree, 'inlineMath', (node: InlineMath, index, parent) => {
      const start = node.position?.start.offset;
      const end = node.position?.end.offset;
      if (!parent || index === undefined || start === undefined || end === undefined) return;
      const written = source.slice(start, end);
      if (isMath(written, source[end])) return;
      parent.children[index] = { type: 'text', value: written, position: node.position! } satisfies Text;
      touched.add(parent);
    });
    for (const parent of touched) mergeTexts(parent);
  };
}

/** `written` is the whole `$…$` or `$$…$$` as in the source; `after` the character that follows it. */
export function isMath(written: string, after: string | undefined): boolean {
  const fence = /^\$+/.exec(written)?.[0].length ?? 0;
  const inner = written.slice(fence, written.length - fence);
  if (!inner || written.length < fence * 2) return false;
  return !/^\s/.test(inner) && !/\s$/.test(inner) && !(after !== undefined && /\d/.test(after));
}

/** Text nodes side by side become one, so plugins that read a run of text (wiki links, tags) see it whole. */
function mergeTexts(parent: Parent): void {
  const out: PhrasingContent[] = [];
  for (const child of parent.children as PhrasingContent[]) {
    const last = out[out.length - 1];
    if (last?.type === 'text' && child.type === 'text') {
      out[out.length - 1] = {
        type: 'text',
        value: last.value + child.value,
        ...(last.position && child.position ? { position: { start: last.position.start, end: child.position.end } } : {}),
      };
    } else out.push(child);
  }
  parent.children = out;
}
