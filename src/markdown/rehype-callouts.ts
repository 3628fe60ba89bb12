import type { Element, ElementContent, Root } from 'hast';
import type { Transformer } from 'unified';
import { visit } from '../lib/markdown/visit.ts';

/** The GitHub alert kinds: `> [!NOTE]`, `> [!TIP]`, `> [!IMPORTANT]`, `> [!WARNING]`, `> [!CAUTION]`. */
export const CALLOUT_KINDS = ['note', 'tip', 'important', 'warning', 'caution'] as const;
export type CalloutKind = (typeof CALLOUT_KINDS)[number];

export interface Options {
  /** Title shown above each kind; defaults to Korean (`참고`, `팁`, `중요`, `주의`, `경고`). */
  titles?: Partial<Record<CalloutKind, string>>;
}

const KO_TITLES: Record<CalloutKind, string> = { note: '참고', tip: '팁', important: '중요', warning: '주의', caution: '경고' };
const MARKER = /^\s*\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\][ \t]*(?:\r?\n)?/i;

/**
 * Turns GitHub-style alert blockquotes into `<div class="callout" data-callout="note" role="note">` with a title;
 * blockquotes already marked `data-callout` (VitePress `::: tip 제목` from remarkContainers) keep their own title.
 */
export default function rehypeCallouts(options: Options = {}): Transformer<Root> {
  const titles = { ...KO_TITLES, ...options.titles };
  return (tree) => {
    visit(tree, 'element', (node: Element) => {
      if (node.tagName !== 'blockquote') return;
      const marked = node.properties.dataCallout;
      if (typeof marked === 'string' && (CALLOUT_KINDS as readonly string[]).includes(marked)) {
        const kind = marked as CalloutKind;
        const first = node.children.find((c): c is Element => c.type === 'element');
        const titled = first?.tagName === 'p' && String(first.properties.className ?? '').includes('callout-title');
        toCallout(node, kind, titled ? undefined : titles[kind]);
        return;
      }
      const para = node.children.find((c): c is Element => c.type === 'element');
      const first = para?.tagName === 'p' ? para.children[0] : undefined;
      const match = first?.type === 'text' ? MARKER.exec(first.value) : null;
      if (!para || !first || first.type !== 'text' || !match) return;
      const kind = match[1]!.toLowerCase() as CalloutKind;
      first.value = first.value.slice(match[0].length);
      if (!first.value) para.children.shift();
      if (para.children.length === 0) node.children.splice(node.children.indexOf(para), 1);
      toCallout(node, kind, titles[kind]);
    });
  };
}

/** Turns the blockquote into the callout `<div>`, with `title` as its first paragraph unless it has its own. */
function toCallout(node: Element, kind: CalloutKind, title: string | undefined): void {
  node.tagName = 'div';
  node.properties = { ...node.properties, className: ['callout', `callout-${kind}`], dataCallout: kind, role: 'note' };
  if (title === undefined) return;
  const heading: ElementContent = { type: 'element', tagName: 'p', properties: { className: ['callout-title'] }, children: [{ type: 'text', value: title }] };
  node.children = [heading, ...node.children];
}
