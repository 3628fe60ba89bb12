import type { BlockContent, Blockquote, Html, Paragraph, Parent, Root, RootContent } from 'mdast';
import type { Processor, Transformer } from 'unified';
import { shiftPositions } from '../../markdown/remark-foreign-html.ts';

/** MDX callout components (react.dev, Docusaurus-like docs) and what they render as. */
export const MDX_CALLOUTS: Record<string, string> = {
  Note: 'note',
  Tip: 'tip',
  Info: 'note',
  Pitfall: 'warning',
  Warning: 'warning',
  Caution: 'caution',
  Danger: 'caution',
  Important: 'important',
  DeepDive: 'details',
};

/** Options of remarkMdxCallouts. */
export interface Options {
  /** Summary of a `<DeepDive>` block (default `자세히 살펴보기`). */
  detailsTitle?: string;
}

const OPEN = /^<([A-Z]\w*)\s*>$/;

/**
 * Turns MDX callout components into the site's callouts: `<Note>…</Note>` renders like `> [!NOTE]`,
 * `<Pitfall>` like `> [!WARNING]`, `<DeepDive>` as `<details>`. The Markdown inside (headings too) stays
 * Markdown: with blank lines around the tags it already is; without, the block is parsed again.
 * Runs before remarkForeignHtml, which drops every other component's tags.
 */
export default function remarkMdxCallouts(this: Processor, options: Options = {}): Transformer<Root> {
  const detailsTitle = options.detailsTitle ?? '자세히 살펴보기';
  const reparse = (text: string): RootContent[] => (this.parse(text) as Root).children;
  const walk = (parent: Parent): void => {
    const kids = parent.children;
    for (let i = 0; i < kids.length; i++) {
      const node = kids[i]!;
      if (node.type !== 'html') {
        if ('children' in node && node.type !== 'paragraph' && node.type !== 'heading') walk(node);
        continue;
      }
      const whole = /^<([A-Z]\w*)\s*>([\s\S]*)<\/\1\s*>$/.exec(node.value.trim());
      if (whole && MDX_CALLOUTS[whole[1]!]) {
        const inner = reparse(whole[2]!);
        const innerAt = node.value.indexOf('>') + 1;
        const start = node.position?.start;
        shiftPositions(
          inner,
          start?.offset === undefined
            ? undefined
            : { line: start.line + (node.value.slice(0, innerAt).match(/\n/g)?.length ?? 0), column: 1, offset: start.offset + innerAt },
        );
        kids.splice(i, 1, calloutOf(whole[1]!, inner, node, detailsTitle));
        continue;
      }
      const open = OPEN.exec(node.value.trim());
      if (!open || !MDX_CALLOUTS[open[1]!]) continue;
      const close = kids.findIndex((k, j) => j > i && k.type === 'html' && k.value.trim() === `</${open[1]}>`);
      if (close < 0) continue;
      const inner = kids.slice(i + 1, close);
      const callout = calloutOf(open[1]!, inner, node, detailsTitle);
      if (callout.position && kids[close]!.position) callout.position = { start: callout.position.start, end: kids[close]!.position.end };
      kids.splice(i, close - i + 1, callout);
      walk(callout);
    }
  };
  return (tree) => walk(tree);
}

function calloutOf(name: string, children: RootContent[], at: Html, detailsTitle: string): Blockquote {
  const kind = MDX_CALLOUTS[name]!;
  const body = children as BlockContent[];
  const position = at.position ? { position: at.position } : {};
  if (kind === 'details') {
    const summary: Paragraph = { type: 'paragraph', data: { hName: 'summary' }, children: [{ type: 'text', value: detailsTitle }] };
    return { type: 'blockquote', data: { hName: 'details', hProperties: { className: ['details'] } }, children: [summary, ...body], ...position };
  }
  return { type: 'blockquote', data: { hProperties: { dataCallout: kind } }, children: body, ...position };
}
