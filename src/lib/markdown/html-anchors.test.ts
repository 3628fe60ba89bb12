import { describe, expect, test } from 'vitest';
import { headingBelowAnchor, htmlAnchorIds } from './html-anchors.ts';

describe('htmlAnchorIds: the anchors raw HTML in Markdown defines', () => {
  test.each([
    ['<a id="factory-ajv"></a>', ['factory-ajv']],
    ["<a name='paths'></a>", ['paths']],
    ['<a name=top>', ['top']],
    ['<div id="notes" class="x">', ['notes']],
    ['<A ID="Upper">', ['Upper']],
    ['<span data-id="no" aria-labelledby="no">', []],
    // Browsers go to `#x` for `<a name="x">` only, never for another element's name.
    ['<input name="email">', []],
    ['<a id="">', []],
    ['<a id="two words">', []],
    ['<a title="a > b" id="after-gt">', ['after-gt']],
    ['<a id="same"></a> <a name="same">', ['same']],
    ['text only, no tag = here', []],
  ])('%s → %j', (html, ids) => {
    expect(htmlAnchorIds(html)).toEqual(ids);
  });

  test('hostile input of unclosed tags and quotes ends with what is there', () => {
    const html = '<a id="x" '.repeat(20_000) + "<a '".repeat(20_000) + '<a id="last">';
    expect(htmlAnchorIds(html)).toEqual(['last']);
  });
});

test('headingBelowAnchor: the heading a raw anchor stands above, within three lines; none farther, none for a mere mention', () => {
  const markdown = [
    '# 서버',
    '',
    '<a id="factory-ajv"></a>',
    '### `ajv`',
    '',
    '`id="note"`는 글입니다',
    '',
    '<a name="far"></a>',
    '',
    '',
    '',
    '',
    '## 먼 제목',
  ].join('\n');
  const headings = [
    { line: 4, anchor: 'ajv' },
    { line: 13, anchor: '먼-제목' },
  ];
  expect(headingBelowAnchor(markdown, headings, 'factory-ajv')?.anchor).toBe('ajv');
  expect(headingBelowAnchor(markdown, headings, 'far')).toBeUndefined();
  expect(headingBelowAnchor(markdown, headings, 'note')).toBeUndefined();
  expect(headingBelowAnchor(markdown, headings, '')).toBeUndefined();
});
