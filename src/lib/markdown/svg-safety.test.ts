import { describe, expect, test } from 'vitest';
import { sanitizeSvg, unsafeSvgReason } from './svg-safety.ts';

const OPEN = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"';
const wrap = (inner: string, attrs = '') => `${OPEN}${attrs}>${inner}</svg>`;
const published = (inner: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${inner === '' ? `${OPEN}/>` : `${OPEN}>${inner}</svg>`}\n`;
const XHTML = 'http://www.w3.org/1999/xhtml';
const svgOf = (text: string) => {
  const verdict = sanitizeSvg(text);
  return 'svg' in verdict ? verdict.svg : `refused: ${verdict.reason}`;
};

describe('an SVG is published as what the allow list keeps of its parsed tree', () => {
  // The second red team's vectors (issue 42): a prefix may hold `.`, `·` or any letter, so no text pattern finds them.
  test.each([
    ['x.y: script', `<x.y:script xmlns:x.y="${XHTML}">alert(document.domain)</x.y:script>`],
    ['é: script', `<é:script xmlns:é="${XHTML}">alert(1)</é:script>`],
    ['a·b: script', `<a·b:script xmlns:a·b="${XHTML}">alert(1)</a·b:script>`],
    ['prefixed iframe srcdoc', `<h.t:iframe xmlns:h.t="${XHTML}" srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"/>`],
    ['prefixed embed', `<é:embed xmlns:é="${XHTML}" src="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;"/>`],
    ['prefixed meta refresh', `<a·b:meta xmlns:a·b="${XHTML}" http-equiv="refresh" content="0;url=javascript:alert(1)"/>`],
    ['prefixed form', `<f.f:form xmlns:f.f="${XHTML}" action="javascript:alert(1)"><f.f:button>x</f.f:button></f.f:form>`],
    ['default-namespace script', `<script xmlns="${XHTML}">alert(1)</script>`],
    ['svg script', '<script>alert(1)</script>'],
    ['foreignObject with HTML', `<foreignObject width="8" height="8"><div xmlns="${XHTML}"><iframe src="https://evil.example/"/></div></foreignObject>`],
    ['handler, listener', '<handler type="text/ecmascript">alert(1)</handler>'],
  ])('%s: dropped with all it holds, the rest kept', (_, vector) => {
    expect(svgOf(wrap(`${vector}<rect width="1" height="1"/>`))).toBe(published('<rect width="1" height="1"/>'));
  });

  test.each([
    ['onload on the root', wrap('', ' onload="alert(1)"'), published('')],
    ['a prefixed handler attribute', wrap(`<rect é:onclick="x()" xmlns:é="${XHTML}" width="1"/>`), published('<rect width="1"/>')],
    ['upper-case ONCLICK', wrap('<rect ONCLICK="x()" width="1"/>'), published('<rect width="1"/>')],
    ['javascript: link', wrap('<a href="java\tscript:alert(1)"><text>x</text></a>'), published('<a><text>x</text></a>')],
    ['referenced javascript: link', wrap('<a href="&#106;ava&#x73;cript:alert(1)"><text>x</text></a>'), published('<a><text>x</text></a>')],
    ['data:text/html picture', wrap('<image href="data:text/html,x" width="1"/>'), published('<image width="1"/>')],
    ['external picture', wrap('<image href="https://evil.example/x.png" width="1"/>'), published('<image width="1"/>')],
    ['external use', wrap('<use href="https://evil.example/x.svg#a"/>'), published('<use/>')],
    ['href animation', wrap('<a><set attributeName="href" to="javascript:alert(1)"/><text>x</text></a>'), published('<a><text>x</text></a>')],
    ['xlink:href animation', wrap('<a><animate attributeName="xlink:href" values="javascript:x"/></a>'), published('<a/>')],
    ['external url() in a presentation attribute', wrap('<rect fill="url(https://evil.example/#g)" stroke="red"/>'), published('<rect stroke="red"/>')],
    ['escaped @import in a style element', wrap('<style>@\\69mport "https://evil.example/x.css";</style><rect/>'), published('<style/><rect/>')],
    ['url() in a style attribute', wrap('<rect style="background:u\\72l(https://evil.example/)"/>'), published('<rect/>')],
    ['url() hidden behind a closed comment', wrap('<rect style="fill:/* x */url(https://evil.example/)"/>'), published('<rect/>')],
    ['url() after unclosed comments', wrap(`<rect style="${'/*a'.repeat(50_000)} url(https://evil.example/)"/>`), published('<rect/>')],
    [
      'a closed comment around a url() is no url()',
      wrap('<rect style="fill:red /* url(https://evil.example/) */"/>'),
      published('<rect style="fill:red /* url(https://evil.example/) */"/>'),
    ],
    ['a processing instruction and a comment', `<?xml-stylesheet type="text/xsl" href="x.xsl"?>${wrap('<!-- <script> --><rect/>')}`, published('<rect/>')],
  ])('%s', (_, svg, expected) => {
    expect(svgOf(svg)).toBe(expected);
  });

  test('a diagram export keeps its drawing: shapes, text, gradients, markers, raster pictures, links, fragment references, CSS', () => {
    const drawing = [
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>',
      '<style>.a{fill:url(#g)}</style>',
      '<rect class="a" x="1" y="1" width="8" height="8" fill="url(#g)" stroke-linejoin="round"/>',
      '<marker id="m" orient="auto"><path d="M0 0L1 1"/></marker>',
      '<image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>',
      '<use xlink:href="#m"/>',
      '<a href="https://example.com/docs"><text x="1" y="9" font-family="Noto Sans KR">한글 라벨 &amp; &lt;b&gt;</text></a>',
      '<switch><text>대체 글</text></switch>',
    ].join('');
    const source = `\uFEFF<?xml version="1.0" encoding="iso-8859-1" standalone="no"?>\r\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\r\n${wrap(
      `${drawing}<switch><foreignObject><div xmlns="${XHTML}">라벨</div></foreignObject></switch>`,
      ' xmlns:xlink="http://www.w3.org/1999/xlink"',
    )}`;
    expect(svgOf(source)).toBe(
      `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">${drawing}<switch/></svg>\n`,
    );
  });
});

describe('an SVG that cannot be parsed as one is not published', () => {
  test.each([
    [wrap('<rect>'), /^XML로 읽을 수 없습니다 \(1:\d+: unexpected close tag/],
    [`<!DOCTYPE svg [<!ENTITY x "<script>alert(1)</script>">]>${wrap('&x;')}`, /^XML로 읽을 수 없습니다 \(1:\d+: undefined entity/],
    [wrap('<x.y:script>alert(1)</x.y:script>'), /^XML로 읽을 수 없습니다 \(1:\d+: unbound namespace prefix: "x\.y"/],
    ['<svg width="1" height="1"><rect/></svg>', /^맨 바깥 요소가 SVG 이름공간의 <svg>가 아닙니다$/],
    [`<html xmlns="${XHTML}"><svg xmlns="http://www.w3.org/2000/svg"/></html>`, /^맨 바깥 요소가 SVG 이름공간의 <svg>가 아닙니다$/],
    [`<?xml version="1.0" encoding="ISO-2022-JP"?>${wrap('<text>x</text>')}`, /^UTF-8이 아닌 문자 인코딩$/],
    [`<?xml version="1.0" encoding="UTF-16"?>${wrap('<text>x</text>')}`, /^UTF-8이 아닌 문자 인코딩$/],
    // UTF-16 bytes read as UTF-8: every ASCII character is followed by a NUL, which XML forbids.
    [new TextDecoder().decode(Buffer.from(`\uFEFF${wrap('<script>alert(1)</script>')}`, 'utf16le')), /^XML로 읽을 수 없습니다/],
    [wrap('<text>\x1b(B</text>'), /^XML로 읽을 수 없습니다 \(1:\d+: disallowed character/],
  ])('%s', (svg, reason) => {
    expect(unsafeSvgReason(svg)).toMatch(reason);
  });
});
