import { SaxesParser, type SaxesTagNS } from 'saxes';

/**
 * What the site publishes of an SVG file of the content. Shown through `<img>`, an SVG never runs script; but the
 * build copies the file to the site (`_astro/…svg`), and a reader who opens that address gets it as a document of the
 * site's own origin, where its scripts would run beside the pages and `/mcp`.
 *
 * So the file is not judged, it is rebuilt: parsed as XML (saxes: a strict, namespace-aware XML 1.0 parser, so what
 * it reads is what a browser's XML parser reads, and a file the browser would refuse is refused here too), and only
 * SVG-namespace elements and attributes from the allow lists below are written back out. A block list over the text
 * cannot be made right for XML: a prefix may hold `.`, `·` or any letter, and every other namespace is markup too.
 * Whatever is not on the lists is dropped with its content: script, foreignObject, HTML, event handlers, references
 * to anything outside the file, and URLs but `#fragment` ones (links may also go to http(s) and mailto, and a picture
 * may be a raster `data:image/…`). A file that cannot be read as XML with an `<svg>` root is not published at all.
 */
export type SvgVerdict = { readonly svg: string } | { readonly reason: string };

export const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

/** The SVG a site may publish for `text`, or why nothing may be published. */
export function sanitizeSvg(text: string): SvgVerdict {
  // A browser decodes the file in the encoding its declaration names; read here as UTF-8, another encoding that is
  // not ASCII-compatible (UTF-16, ISO-2022-JP with its escape sequences) could spell markup this reader never sees.
  const encoding = XML_ENCODING.exec(text)?.[1];
  if (encoding !== undefined && !ASCII_COMPATIBLE.test(encoding.trim())) return { reason: 'UTF-8이 아닌 문자 인코딩' };
  const root: Element = { name: '#root', attributes: [], children: [] };
  const stack: (Element | undefined)[] = [root];
  let rootSeen = false;
  const parser = new SaxesParser({ xmlns: true, position: true });
  parser.on('opentag', (tag: SaxesTagNS) => {
    const parent = stack.at(-1);
    const kept = parent ? keptElement(tag, stack.length === 1) : undefined;
    if (stack.length === 1) rootSeen = kept?.name === 'svg';
    if (parent && kept) parent.children.push(kept);
    stack.push(kept);
  });
  parser.on('closetag', () => void stack.pop());
  const onText = (t: string) => {
    const parent = stack.at(-1);
    if (parent && parent !== root && TEXT_PARENTS.has(parent.name)) parent.children.push(t);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  try {
    parser.write(text.replace(/^\uFEFF/, '')).close();
  } catch (error) {
    // saxes names the line and column: `1:57: unbound namespace prefix: "x.y".`
    return { reason: `XML로 읽을 수 없습니다 (${error instanceof Error ? error.message.replace(/^undefined:/, '') : String(error)})` };
  }
  if (!rootSeen) return { reason: '맨 바깥 요소가 SVG 이름공간의 <svg>가 아닙니다' };
  return { svg: `<?xml version="1.0" encoding="UTF-8"?>\n${serialize(root.children[0] as Element, true)}\n` };
}

/** Why `text` cannot be published as an SVG, or undefined when `sanitizeSvg` gives a file to publish. */
export function unsafeSvgReason(text: string): string | undefined {
  const verdict = sanitizeSvg(text);
  return 'reason' in verdict ? verdict.reason : undefined;
}

interface Element {
  name: string;
  attributes: [string, string][];
  children: (Element | string)[];
}

/** The element as kept (its allowed attributes), or undefined when it and all it holds are dropped. */
function keptElement(tag: SaxesTagNS, isRoot: boolean): Element | undefined {
  if (tag.uri !== SVG_NS || !ELEMENTS.has(tag.local) || (isRoot && tag.local !== 'svg')) return undefined;
  const name = tag.local;
  const attributes: [string, string][] = [];
  for (const attribute of Object.values(tag.attributes)) {
    const kept = keptAttribute(name, attribute.uri, attribute.local, attribute.value);
    if (kept) attributes.push([kept, attribute.value]);
  }
  // An animation that sets a link or a style could turn a harmless value into a script URL after the check.
  if (ANIMATIONS.has(name)) {
    const target = tag.attributes.attributeName?.value.trim().replace(/^[^:]*:/, '');
    if (target === undefined || !ATTRIBUTES.has(target) || target === 'style' || URL_ATTRIBUTES.has(target)) return undefined;
  }
  return { name, attributes, children: [] };
}

/** The attribute's name as written out, or undefined when it is dropped. */
function keptAttribute(element: string, uri: string, local: string, value: string): string | undefined {
  if (uri === XML_NS) return local === 'lang' || local === 'space' ? `xml:${local}` : undefined;
  if (uri === XLINK_NS) {
    if (local === 'title') return 'xlink:title';
    return local === 'href' && isSafeHref(element, value) ? 'xlink:href' : undefined;
  }
  if (uri !== '') return undefined;
  if (local === 'href') return isSafeHref(element, value) ? 'href' : undefined;
  if (!ATTRIBUTES.has(local)) return undefined;
  if (local === 'style') return isInertCss(value) ? local : undefined;
  return hasOnlyFragmentUrls(value) ? local : undefined;
}

/** A reference inside the file; a link may also leave it for a web page or mail; a picture may be a raster data URL. */
function isSafeHref(element: string, value: string): boolean {
  const url = value.replace(/[\s\p{Cc}]+/gu, '');
  if (url.startsWith('#')) return true;
  if (element === 'a') return /^(?:https?:\/\/|mailto:)/i.test(url);
  if (element === 'image' || element === 'feImage') return /^data:image\/(?:png|jpeg|gif|webp|avif);base64,[A-Za-z0-9+/=]*$/i.test(url);
  return false;
}

/** `url(#id)` is the only reference a presentation attribute may make: anything else loads from outside the file. */
function hasOnlyFragmentUrls(value: string): boolean {
  return !/url\s*\(\s*(?!['"]?#)/i.test(value);
}

/**
 * CSS that loads nothing: after undoing CSS escapes (`\75 rl(` is `url(`), no `@import`, no `url()` but `url(#id)`,
 * no `image()`/`image-set()`/`expression()`/`-moz-binding`.
 */
function isInertCss(css: string): boolean {
  const plain = css
    .replace(/\\([0-9a-f]{1,6})\s?/gi, (_, hex: string) => {
      const code = parseInt(hex, 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\uFFFD';
    })
    .replace(/\\(.)/gs, '$1');
  const bare = withoutComments(plain).toLowerCase();
  if (/@import|image-set\s*\(|image\s*\(|expression\s*\(|-moz-binding|behavior\s*:/.test(bare)) return false;
  return hasOnlyFragmentUrls(bare);
}

/**
 * CSS without its closed comments; an unclosed `/*` and what follows stay (and are checked). One pass: a regex with a
 * lazy body is tried again from every `/*` of a file full of unclosed ones, quadratic in its length.
 */
function withoutComments(css: string): string {
  let out = '';
  let from = 0;
  for (;;) {
    const open = css.indexOf('/*', from);
    const close = open < 0 ? -1 : css.indexOf('*/', open + 2);
    if (close < 0) return out + css.slice(from);
    out += css.slice(from, open);
    from = close + 2;
  }
}

/** Elements whose text is content. `<style>`'s text is checked as CSS where it is written out (its open tag comes first). */
const TEXT_PARENTS = new Set(['text', 'tspan', 'textPath', 'title', 'desc', 'style', 'a']);

function serialize(element: Element, isRoot = false): string {
  const namespaces = isRoot ? ` xmlns="${SVG_NS}"${usesXlink(element) ? ` xmlns:xlink="${XLINK_NS}"` : ''}` : '';
  const attributes = element.attributes.map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join('');
  let children = element.children.map((child) => (typeof child === 'string' ? escapeText(child) : serialize(child))).join('');
  if (element.name === 'style' && !isInertCss(element.children.filter((c) => typeof c === 'string').join(''))) children = '';
  return children === '' ? `<${element.name}${namespaces}${attributes}/>` : `<${element.name}${namespaces}${attributes}>${children}</${element.name}>`;
}

function usesXlink(element: Element): boolean {
  return element.attributes.some(([name]) => name.startsWith('xlink:')) || element.children.some((c) => typeof c !== 'string' && usesXlink(c));
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');

/** The encoding an XML declaration names (`<?xml version="1.0" encoding="…"?>`), which a browser decodes the file with. */
const XML_ENCODING = /^\uFEFF?\s*<\?xml[^>]*?\sencoding\s*=\s*["']([^"']*)["']/i;
/** Encodings in which every ASCII character is its own byte and no other byte sequence reads as one. */
const ASCII_COMPATIBLE = /^(?:utf-?8|us-ascii|ascii|iso-8859-\d{1,2}|iso8859-\d{1,2}|latin-?1|windows-125\d|cp125\d)$/i;

const ANIMATIONS = new Set(['animate', 'animateTransform', 'animateMotion', 'set']);

/** SVG elements that draw, group, define paint or filter, or animate a presentation value; nothing that runs or embeds. */
const ELEMENTS = new Set([
  ...['svg', 'g', 'defs', 'desc', 'title', 'symbol', 'use', 'image', 'switch', 'style', 'a', 'view'],
  ...['path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'text', 'tspan', 'textPath'],
  ...['linearGradient', 'radialGradient', 'stop', 'pattern', 'clipPath', 'mask', 'marker', 'filter'],
  ...['feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feConvolveMatrix', 'feDiffuseLighting'],
  ...['feDisplacementMap', 'feDistantLight', 'feDropShadow', 'feFlood', 'feFuncA', 'feFuncB', 'feFuncG', 'feFuncR'],
  ...['feGaussianBlur', 'feImage', 'feMerge', 'feMergeNode', 'feMorphology', 'feOffset', 'fePointLight'],
  ...['feSpecularLighting', 'feSpotLight', 'feTile', 'feTurbulence'],
  ...ANIMATIONS,
  'mpath',
]);

/** Attributes whose value is a URL (`href` is handled on its own); an animation may not target them. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href']);

/** Geometry, presentation, text, paint-server, filter, animation-timing and accessibility attributes. No `on…`. */
const ATTRIBUTES = new Set([
  ...['id', 'class', 'style', 'lang', 'transform', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry'],
  ...['fx', 'fy', 'fr', 'width', 'height', 'd', 'points', 'pathLength', 'viewBox', 'preserveAspectRatio', 'version'],
  ...['baseProfile', 'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-dasharray', 'stroke-dashoffset'],
  ...['stroke-linecap', 'stroke-linejoin', 'stroke-miterlimit', 'stroke-opacity', 'stroke-width', 'opacity', 'color'],
  ...['display', 'visibility', 'clip-path', 'clip-rule', 'clipPathUnits', 'mask', 'maskUnits', 'maskContentUnits'],
  ...['marker-start', 'marker-mid', 'marker-end', 'markerWidth', 'markerHeight', 'markerUnits', 'refX', 'refY'],
  ...['orient', 'filter', 'filterUnits', 'primitiveUnits', 'gradientUnits', 'gradientTransform', 'spreadMethod'],
  ...['offset', 'stop-color', 'stop-opacity', 'patternUnits', 'patternContentUnits', 'patternTransform'],
  ...['font-family', 'font-size', 'font-weight', 'font-style', 'font-variant', 'font-stretch', 'text-anchor'],
  ...['dominant-baseline', 'alignment-baseline', 'baseline-shift', 'letter-spacing', 'word-spacing'],
  ...['text-decoration', 'writing-mode', 'dx', 'dy', 'rotate', 'textLength', 'lengthAdjust', 'startOffset'],
  ...['method', 'spacing', 'side', 'role', 'aria-label', 'aria-hidden', 'aria-labelledby', 'aria-describedby'],
  ...['overflow', 'mix-blend-mode', 'isolation', 'shape-rendering', 'text-rendering', 'image-rendering'],
  ...['color-interpolation', 'color-interpolation-filters', 'flood-color', 'flood-opacity', 'lighting-color'],
  ...['vector-effect', 'paint-order', 'enable-background', 'in', 'in2', 'result', 'mode', 'type', 'values'],
  ...['operator', 'k1', 'k2', 'k3', 'k4', 'stdDeviation', 'scale', 'xChannelSelector', 'yChannelSelector'],
  ...['order', 'kernelMatrix', 'divisor', 'bias', 'targetX', 'targetY', 'edgeMode', 'kernelUnitLength'],
  ...['preserveAlpha', 'surfaceScale', 'diffuseConstant', 'specularConstant', 'specularExponent', 'azimuth'],
  ...['elevation', 'pointsAtX', 'pointsAtY', 'pointsAtZ', 'z', 'limitingConeAngle', 'baseFrequency', 'numOctaves'],
  ...['seed', 'stitchTiles', 'radius', 'tableValues', 'slope', 'intercept', 'amplitude', 'exponent'],
  ...['requiredExtensions', 'systemLanguage', 'attributeName', 'attributeType', 'begin', 'dur', 'end', 'min'],
  ...['max', 'restart', 'repeatCount', 'repeatDur', 'calcMode', 'keyTimes', 'keySplines', 'keyPoints', 'from'],
  ...['to', 'by', 'additive', 'accumulate', 'path', 'media', 'title'],
]);
