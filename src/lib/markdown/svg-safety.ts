/**
 * Whether an SVG file of the content may be published with the site. Shown through `<img>`, an SVG never runs
 * script; but the build copies the file itself to the site (`_astro/…svg`), and a reader who opens that address gets
 * it as a document of the site's own origin, where its scripts run beside the pages and `/mcp`. So an SVG that could
 * run anything as a document is refused: the image becomes a warning and the missing-image placeholder.
 *
 * The test is deliberately blunt (it reads the text, it does not parse it): it looks for every way an SVG document
 * starts script or pulls in markup, and for script URLs after undoing the character references and the blanks a
 * browser ignores inside a URL scheme. A diagram tool's export (shapes, text, gradients, embedded raster pictures, foreignObject labels) has
 * none of them.
 */
export function unsafeSvgReason(svg: string): string | undefined {
  // This reads the file as UTF-8; a browser reads it in the encoding its XML declaration names. There ISO-2022-JP drops
  // its escape sequences (`<scr` ESC `(Bipt>` is `<script>`) and UTF-16 spells markup with NUL bytes, so an SVG in
  // another encoding than UTF-8 or an ASCII-compatible one, or holding control characters XML forbids anyway, is refused.
  if (FORBIDDEN_CONTROLS.test(svg)) return '제어 문자';
  const encoding = XML_ENCODING.exec(svg)?.[1];
  if (encoding !== undefined && !ASCII_COMPATIBLE.test(encoding.trim())) return 'UTF-8이 아닌 문자 인코딩';
  // Markup is looked for as written: an escaped `&lt;script&gt;` in an attribute is text (a draw.io export keeps its
  // whole diagram that way), and a reference cannot spell an element outside a DOCTYPE, which is refused itself.
  const text = svg.toLowerCase();
  for (const [pattern, reason] of MARKUP) if (pattern.test(text)) return reason;
  if (attributeNames(text).some((name) => /^on/.test(name.slice(name.indexOf(':') + 1)))) return 'on… 이벤트 속성';
  const compact = decodeReferences(text).replace(/[\s\p{Cc}]+/gu, '');
  for (const [scheme, reason] of SCHEMES) if (compact.includes(scheme)) return reason;
  return undefined;
}

/** C0 controls other than tab, newline and carriage return: XML 1.0 allows none of them in a document. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN_CONTROLS = /[\0-\x08\x0b\x0c\x0e-\x1f]/;
/** The encoding an XML declaration names (`<?xml version="1.0" encoding="…"?>`), which a browser decodes the file with. */
const XML_ENCODING = /^\uFEFF?\s*<\?xml[^>]*?\sencoding\s*=\s*["']([^"']*)["']/i;
/** Encodings in which every ASCII character is its own byte and no other byte sequence reads as one. */
const ASCII_COMPATIBLE = /^(?:utf-?8|us-ascii|ascii|iso-8859-\d{1,2}|iso8859-\d{1,2}|latin-?1|windows-125\d|cp125\d)$/i;

/** Elements, attributes and declarations that run script or bring in other markup in an SVG document. */
const MARKUP: readonly [RegExp, string][] = [
  [/<!doctype|<!entity/, 'DOCTYPE나 ENTITY 선언'],
  [/<\?xml-stylesheet/, 'xml-stylesheet 처리 명령'],
  [/<(?:[\w-]+:)?(?:script|handler|listener)\b/, '<script> 요소'],
  [/<(?:[\w-]+:)?(?:iframe|frame|embed|object|applet|portal|meta|base|link|form)\b/, '다른 문서를 불러오는 요소'],
  [/<(?:[\w-]+:)?(?:set|animate|animatetransform|animatemotion)\b[^>]*attributename\s*=\s*["']?(?:[\w-]+:)?href/, 'href를 바꾸는 애니메이션'],
];

/** URL schemes that run script or open markup; looked for with blanks removed (`java script:` is `javascript:` to a browser). */
const SCHEMES: readonly [string, string][] = [
  ['javascript:', 'javascript: 주소'],
  ['vbscript:', 'vbscript: 주소'],
  ['data:text/html', 'data:text/html 주소'],
  ['data:application/xhtml', 'data:application/xhtml 주소'],
];

/**
 * The attribute names of every start tag, read as an XML parser does: a quoted value may hold `>` or quotes of the
 * other kind, comments and CDATA are skipped. A tag it cannot read to its end gives the name `on` (refused): the
 * browser's XML parser would reject such a file, and a reader here must not be talked out of seeing an attribute.
 */
function attributeNames(text: string): string[] {
  const names: string[] = [];
  let at = 0;
  for (;;) {
    const open = text.indexOf('<', at);
    if (open < 0) return names;
    if (text.startsWith('<!--', open) || text.startsWith('<![cdata[', open)) {
      const close = text.indexOf(text[open + 2] === '-' ? '-->' : ']]>', open);
      if (close < 0) return names;
      at = close + 3;
      continue;
    }
    const tag = /^<[^\s/>!?]+/.exec(text.slice(open, open + 200));
    if (!tag) {
      at = open + 1;
      continue;
    }
    const attribute = /\s*([^\s=/>]+)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?/y;
    // A failed sticky match resets lastIndex to 0: the position after the last attribute is kept here.
    let after = (attribute.lastIndex = open + tag[0].length);
    for (let m = attribute.exec(text); m; m = attribute.exec(text)) {
      names.push(m[1]!);
      after = attribute.lastIndex;
    }
    const end = /\s*\/?>/y;
    end.lastIndex = after;
    if (!end.test(text)) return [...names, 'on'];
    at = end.lastIndex;
  }
}

const NAMED: Readonly<Record<string, string>> = { colon: ':', tab: '\t', newline: '\n', lt: '<', gt: '>', quot: '"', apos: "'", amp: '&', sol: '/' };

/** Numeric and the scheme-relevant named character references, undone (repeatedly: `&amp;#106;` hides one inside another). */
function decodeReferences(text: string): string {
  let previous: string;
  let out = text;
  let rounds = 0;
  do {
    previous = out;
    out = out.replace(/&(?:#x([0-9a-f]+)|#(\d+)|([a-z]+));?/gi, (whole, hex: string | undefined, dec: string | undefined, name: string | undefined) => {
      if (name !== undefined) return NAMED[name.toLowerCase()] ?? whole;
      const code = hex !== undefined ? parseInt(hex, 16) : Number(dec);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    });
  } while (out !== previous && ++rounds < 4);
  return out;
}
