// What a sanitized page must not contain, found by parsing it as a browser would (parse5), not by regex.
import type { Element, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { visit } from 'unist-util-visit';

/** Elements that can run script, load a document, submit data, or retarget the page. */
export const DANGEROUS_ELEMENTS = [
  'script',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'form',
  'button',
  'meta',
  'base',
  'link',
  'style',
  'svg',
  'math',
  'template',
  'noscript',
  'portal',
  'textarea',
  'select',
  'video',
  'audio',
  'marquee',
];
/** The MathML elements KaTeX writes for a formula (its `output: 'mathml'`); an element outside this list inside one is an offense. */
const KATEX_MATHML = new Set(
  'semantics annotation mrow mi mn mo ms mtext mspace msup msub msubsup mfrac msqrt mroot munder mover munderover mtable mtr mtd mstyle mpadded mphantom menclose'.split(
    ' ',
  ),
);

/** `<span class="katex">`, the box rehype-katex puts around each formula it drew. */
function isKatexBox(node: Root | Element | undefined): boolean {
  if (node?.type !== 'element' || node.tagName !== 'span') return false;
  const className = node.properties['className'];
  return Array.isArray(className) && className.length === 1 && className[0] === 'katex';
}

/** Attributes whose value a browser loads or navigates to. */
const URL_ATTRIBUTES = ['href', 'src', 'srcSet', 'action', 'formAction', 'data', 'poster', 'background', 'xLinkHref', 'cite', 'longDesc', 'ping'];
const BAD_URL = /^(?:javascript|vbscript|data|livescript|mocha):/i;

/**
 * Everything wrong in `html` inside the first element matching `within` (default `<body>`), as readable lines.
 * A fragment is parsed as a whole document, so a stray `<body onload>` lands on `<body>` as in a browser.
 */
export function htmlOffenses(html: string, within: (node: Element) => boolean = (n) => n.tagName === 'body'): string[] {
  // A fragment goes into an open <body>, where a browser would put it: <meta> and <base> stay in place.
  const tree: Root = fromHtml(/^\s*<!doctype/i.test(html) ? html : `<!doctype html><body>${html}`);
  let scope: Element | undefined;
  visit(tree, 'element', (node: Element) => {
    if (!scope && within(node)) scope = node;
  });
  if (!scope) return ['scope element not found'];
  const out: string[] = [];
  visit(scope, 'element', (node: Element, _index, parent) => {
    if (node.tagName === 'math' && isKatexBox(parent)) {
      // A formula the build drew from LaTeX (rehype-katex): MathML elements only, never HTML inside it (where `<mtext>`
      // would let a browser parse HTML, as mutation XSS does), and no attribute that loads or runs anything.
      visit(node, 'element', (inner: Element) => {
        if (inner !== node && !KATEX_MATHML.has(inner.tagName)) out.push(`<math> holding <${inner.tagName}>`);
      });
    } else if (DANGEROUS_ELEMENTS.includes(node.tagName)) out.push(`<${node.tagName}>`);
    for (const [key, value] of Object.entries(node.properties)) {
      const text = Array.isArray(value) ? value.join(' ') : String(value);
      if (/^on/i.test(key)) out.push(`<${node.tagName} ${key}>`);
      // Browsers drop tabs, newlines and leading control characters from a URL before reading its scheme.
      // eslint-disable-next-line no-control-regex -- exactly the characters a browser drops from a URL.
      const squeezed = text.replace(/[\u0000-\u0020]/g, '');
      if (URL_ATTRIBUTES.includes(key) && BAD_URL.test(squeezed)) out.push(`<${node.tagName} ${key}="${text}">`);
      if (key === 'style' && /url\(|expression\(|@import|javascript:/i.test(text)) out.push(`<${node.tagName} style="${text}">`);
      // Raw HTML must not clobber DOM globals such as document.querySelector.
      if (key === 'name' && !text.startsWith('user-content-')) out.push(`<${node.tagName} name="${text}">`);
    }
  });
  return out;
}

/** Is this the `.prose` container that holds a page's rendered Markdown? */
export const isProse = (node: Element): boolean => Array.isArray(node.properties['className']) && node.properties['className'].includes('prose');
