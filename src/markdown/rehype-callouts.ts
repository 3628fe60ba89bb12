import type { Element, ElementContent, Root, Text } from 'hast';
import type { Transformer } from 'unified';
import { calloutAliases } from '../lib/dialects/registry.ts';
import { visit } from '../lib/markdown/visit.ts';

/** The GitHub alert kinds (`> [!NOTE]` …) and `embed`, the block of a note embed (`![[노트]]`). */
export const CALLOUT_KINDS = ['note', 'tip', 'important', 'warning', 'caution', 'embed'] as const;
export type CalloutKind = (typeof CALLOUT_KINDS)[number];

export interface Options {
  /** Title shown above each kind; defaults to Korean (`참고`, `팁`, `중요`, `주의`, `경고`, `포함된 문서`). */
  titles?: Partial<Record<CalloutKind, string>>;
}

const KO_TITLES: Record<CalloutKind, string> = { note: '참고', tip: '팁', important: '중요', warning: '주의', caution: '경고', embed: '포함된 문서' };
/** The dialects' other callout types, drawn as the nearest GitHub kind; any other type is drawn as a note. */
const ALIASES: ReadonlyMap<string, CalloutKind> = calloutAliases();
/** `[!type]`, then a fold sign: `-` starts closed, `+` open. */
const MARKER = /^\s*\[!([A-Za-z][\w-]{0,30})\]([-+]?)[ \t]*/;

/**
 * Turns GitHub-style alert blockquotes into `<div class="callout" data-callout="note" role="note">` with a title;
 * blockquotes already marked `data-callout` (`::: tip 제목` from remarkContainers) keep their own title.
 * Note tools' callouts are read too: any type (`[!info]`, `[!custom]`), a title after the marker (`> [!tip] 나만의 제목`),
 * and a fold sign that makes the callout a `<details>` (`[!note]-` closed, `[!note]+` open). A callout that is only
 * its marker line (`> [!warning] 조심하세요`) keeps its kind's title and shows the line as its text, as GitHub readers mean.
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
        toCallout(node, kind, titled ? undefined : [{ type: 'text', value: titles[kind] }], '');
        return;
      }
      const para = node.children.find((c): c is Element => c.type === 'element');
      const first = para?.tagName === 'p' ? para.children[0] : undefined;
      const match = first?.type === 'text' ? MARKER.exec(first.value) : null;
      if (!para || !first || first.type !== 'text' || !match) return;
      const written = match[1]!.toLowerCase();
      // `[!embed]` is the block an embedded note's text is pasted into (`src/lib/markdown/includes.ts`).
      const known = (CALLOUT_KINDS as readonly string[]).includes(written) ? (written as CalloutKind) : ALIASES.get(written);
      const kind = known ?? 'note';
      const fold = match[2]!;
      first.value = first.value.slice(match[0].length);
      const ownTitle = takeTitleLine(para);
      const at = node.children.indexOf(para);
      const hasBody = para.children.length > 0 || node.children.some((c, i) => i !== at && c.type === 'element');
      let title = ownTitle;
      if (!fold && !hasBody && ownTitle.length) {
        // Only the marker line: its text is the callout's text, under the kind's title (GitHub's reading).
        para.children = ownTitle;
        title = [];
      } else if (para.children.length === 0) node.children.splice(at, 1);
      // A type of the author's own (`[!custom]`) is its own default title, as note tools show it.
      const fallback = known ? titles[kind] : capitalize(match[1]!);
      toCallout(node, kind, title.length ? title : [{ type: 'text', value: fallback }], fold);
    });
  };
}

/** Takes the rest of a paragraph's first line (the callout's own title) out of it; empty when there is none. */
function takeTitleLine(para: Element): ElementContent[] {
  const title: ElementContent[] = [];
  while (para.children.length) {
    const child = para.children[0]!;
    const nl = child.type === 'text' ? child.value.indexOf('\n') : -1;
    if (child.type === 'text' && nl >= 0) {
      title.push({ type: 'text', value: child.value.slice(0, nl) });
      child.value = child.value.slice(nl + 1);
      if (!child.value) para.children.shift();
      break;
    }
    title.push(child);
    para.children.shift();
  }
  return trimmed(title);
}

/** The title without the spaces around it; nothing when it is only spaces. */
function trimmed(nodes: readonly ElementContent[]): ElementContent[] {
  const out = [...nodes];
  const first = out[0];
  if (first?.type === 'text') out[0] = { ...first, value: first.value.trimStart() } satisfies Text;
  const end = out.length - 1;
  const last = out[end];
  if (last?.type === 'text') out[end] = { ...last, value: last.value.trimEnd() } satisfies Text;
  return out.filter((n) => n.type !== 'text' || n.value.length > 0);
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * Turns the blockquote into the callout `<div>` with `title` as its first paragraph (unless it has its own: undefined);
 * with a fold sign, into `<details>` whose `<summary>` is the title (`+`: open).
 */
function toCallout(node: Element, kind: CalloutKind, title: ElementContent[] | undefined, fold: string): void {
  const className = ['callout', `callout-${kind}`];
  if (fold) {
    node.tagName = 'details';
    node.properties = { ...node.properties, className, dataCallout: kind, ...(fold === '+' ? { open: true } : {}) };
    node.children = [{ type: 'element', tagName: 'summary', properties: { className: ['callout-title'] }, children: title ?? [] }, ...node.children];
    return;
  }
  node.tagName = 'div';
  node.properties = { ...node.properties, className, dataCallout: kind, role: 'note' };
  if (title === undefined) return;
  const heading: ElementContent = { type: 'element', tagName: 'p', properties: { className: ['callout-title'] }, children: title };
  node.children = [heading, ...node.children];
}
