import { describe, expect, test } from 'vitest';
import { unsafeSvgReason } from './svg-safety.ts';

const wrap = (inner: string, attrs = '') => `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"${attrs}>${inner}</svg>`;

describe('an SVG of the content that could run script when opened as a page is refused', () => {
  test.each([
    [wrap('<script>alert(1)</script>'), '<script> 요소'],
    [wrap('<svg:script>alert(1)</svg:script>'), '<script> 요소'],
    [wrap('<rect/>', ' onload="alert(1)"'), 'on… 이벤트 속성'],
    [wrap('<rect width="1"\nONCLICK = "x()"/>'), 'on… 이벤트 속성'],
    [wrap('<rect/>', ' title=">" onload="alert(1)"'), 'on… 이벤트 속성'],
    [wrap('<text>"</text><rect onload="alert(1)"/>'), 'on… 이벤트 속성'],
    [wrap('<rect/>', ' é="1" xlink:onclick="x()"'), 'on… 이벤트 속성'],
    [wrap('<!-- x --><rect width=1 onmouseover=x()/>'), 'on… 이벤트 속성'],
    [wrap('<a href="javascript:alert(1)"><text>x</text></a>'), 'javascript: 주소'],
    [wrap('<a xlink:href="&#106;ava&#x73;cript&colon;alert(1)"><text>x</text></a>'), 'javascript: 주소'],
    [wrap('<a href="java\tscript:alert(1)"><text>x</text></a>'), 'javascript: 주소'],
    [wrap('<a href="&amp;#106;avascript:x"><text>x</text></a>'), 'javascript: 주소'],
    [wrap('<foreignObject><iframe src="https://evil.example/"></iframe></foreignObject>'), '다른 문서를 불러오는 요소'],
    [wrap('<foreignObject><embed src="x"/></foreignObject>'), '다른 문서를 불러오는 요소'],
    [wrap('<a><set attributeName="href" to="x"/><text>x</text></a>'), 'href를 바꾸는 애니메이션'],
    [`<!DOCTYPE svg [<!ENTITY x "<script>alert(1)</script>">]>${wrap('&x;')}`, 'DOCTYPE나 ENTITY 선언'],
    [`<?xml-stylesheet type="text/xsl" href="x.xsl"?>${wrap('')}`, 'xml-stylesheet 처리 명령'],
    // Chromium runs both as the declaration says: the escape sequences ESC ( B vanish, leaving `<script>` and `onload`.
    [`<?xml version="1.0" encoding="ISO-2022-JP"?>${wrap('<scr\x1b(Bipt>alert(1)</scr\x1b(Bipt>')}`, '제어 문자'],
    [`<?xml version="1.0" encoding="ISO-2022-JP"?>${wrap('', ' o\x1b(Bnload="alert(1)"')}`, '제어 문자'],
    [`<?xml version='1.0' encoding='iso-2022-jp'?>${wrap('<text>x</text>')}`, 'UTF-8이 아닌 문자 인코딩'],
    [`<?xml version="1.0" encoding="UTF-16"?>${wrap('<text>x</text>')}`, 'UTF-8이 아닌 문자 인코딩'],
    // UTF-16 bytes read as UTF-8: every ASCII character is followed by a NUL.
    [new TextDecoder().decode(Buffer.from(`\uFEFF${wrap('<script>alert(1)</script>')}`, 'utf16le')), '제어 문자'],
  ])('%s → %s', (svg, reason) => {
    expect(unsafeSvgReason(svg)).toBe(reason);
  });

  test('a diagram export is published: shapes, text, gradients, raster pictures, foreignObject labels, links, escaped markup', () => {
    const drawio = wrap(
      [
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>',
        '<rect x="1" y="1" width="8" height="8" fill="url(#g)" stroke-linejoin="round"/>',
        '<marker id="m" orient="auto"><path d="M0 0L1 1"/></marker>',
        '<image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>',
        '<foreignObject width="8" height="8"><div xmlns="http://www.w3.org/1999/xhtml" style="display:flex">한글 라벨 &amp; text</div></foreignObject>',
        '<a href="https://example.com/docs"><text x="1" y="9" font-family="Noto Sans KR">onboarding = online</text></a>',
      ].join(''),
      ' content="&lt;mxfile&gt;&lt;object label=&quot;x&quot;&gt;&lt;script&gt;&lt;/object&gt;&lt;/mxfile&gt;"',
    );
    expect(unsafeSvgReason(`<?xml version="1.0" encoding="UTF-8"?>\n${drawio}`)).toBeUndefined();
    expect(unsafeSvgReason(`\uFEFF<?xml version="1.0" encoding="iso-8859-1" standalone="no"?>\r\n${drawio}`)).toBeUndefined();
  });
});
