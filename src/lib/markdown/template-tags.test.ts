import { describe, expect, test } from 'vitest';
import { calloutKindOf, calloutTitleOf, parseArgs, parseTagLine, templateLinks } from './template-tags.ts';

describe('template tag lines', () => {
  test.each([
    ['{% hint style="info" %}', { kind: 'open', name: 'hint', args: { named: { style: 'info' }, positional: [] }, syntax: 'liquid' }],
    ['{%- endhint -%}', { kind: 'close', name: 'hint', syntax: 'liquid' }],
    ["  {% tab title='macOS' %}  ", { kind: 'open', name: 'tab', args: { named: { title: 'macOS' }, positional: [] }, syntax: 'liquid' }],
    ['{% highlight ruby linenos %}', { kind: 'open', name: 'highlight', args: { named: {}, positional: ['ruby', 'linenos'] }, syntax: 'liquid' }],
    ['{{< tab "macOS" >}}', { kind: 'open', name: 'tab', args: { named: {}, positional: ['macOS'] }, syntax: 'hugo' }],
    ['{{% notice tip "제목" %}}', { kind: 'open', name: 'notice', args: { named: {}, positional: ['tip', '제목'] }, syntax: 'hugo' }],
    ['{{< /tab >}}', { kind: 'close', name: 'tab', syntax: 'hugo' }],
    ['{{% / notice %}}', { kind: 'close', name: 'notice', syntax: 'hugo' }],
    [
      '{{< figure src="/a.png" alt="그림" />}}',
      { kind: 'open', name: 'figure', args: { named: { src: '/a.png', alt: '그림' }, positional: [] }, syntax: 'hugo' },
    ],
    ['{{/* 메모 */}}', { kind: 'comment' }],
  ])('%s', (line, tag) => {
    expect(parseTagLine(line)).toEqual(tag);
  });

  test.each([
    ['text after the tag', '{% hint %} 본문'],
    ['delimiters that do not pair', '{{< tab "a" %}}'],
    ['a closing shortcode with arguments', '{{< /tab "a" >}}'],
    ['no name', '{%  %}'],
    ['a Liquid output, not a tag', '{{ page.title }}'],
    ['a JSON object', '{"a": 1}'],
    ['a name glued to punctuation', '{%hint!%}'],
  ])('%s is no tag line', (_, line) => {
    expect(parseTagLine(line)).toBeUndefined();
  });

  test('a line over 2,000 characters is never a tag line', () => {
    expect(parseTagLine(`{% hint style="${'a'.repeat(2000)}" %}`)).toBeUndefined();
  });

  test('arguments: quoted, bare and named, keys lowercased', () => {
    expect(parseArgs(` Style="info" title='두 단어' open lang=go "위치"`)).toEqual({
      named: { style: 'info', title: '두 단어', lang: 'go' },
      positional: ['open', '위치'],
    });
  });
});

describe('callout kinds and titles', () => {
  test.each([
    ['hint', 'style="success"', 'tip'],
    ['hint', 'style="danger"', 'caution'],
    ['hint', 'warning', 'warning'],
    ['notice', 'info', 'note'],
    ['alert', 'color="warning" title="주의"', 'warning'],
    ['callout', 'type="error"', 'caution'],
    ['hint', '', 'note'],
    ['warning', '"제목"', 'warning'],
    ['tabs', '', undefined],
    ['include', 'nav.html', undefined],
  ])('%s %s → %s', (name, args, kind) => {
    expect(calloutKindOf(name, parseArgs(args))).toBe(kind);
  });

  test('the title: named, after a positional style, or first for a tag named for its kind', () => {
    expect(calloutTitleOf('alert', parseArgs('color="warning" title="주의"'))).toBe('주의');
    expect(calloutTitleOf('notice', parseArgs('tip "팁 제목"'))).toBe('팁 제목');
    expect(calloutTitleOf('warning', parseArgs('"조심"'))).toBe('조심');
    expect(calloutTitleOf('hint', parseArgs('style="info"'))).toBeUndefined();
  });
});

describe('links whose address is a template call', () => {
  test('Hugo ref and relref, Jekyll link and post_url, site.baseurl before a path', () => {
    const text = [
      '[설치]({{< ref "setup.md" >}})와 [배포]({{% relref "/ops/deploy.md#롤백" %}})',
      '[글]({% link guides/a.md %}) [포스트]({{ site.baseurl }}{% post_url 2023-05-01-hello %})',
      '![그림]({{ site.baseurl }}/assets/a.png) [평범]({{ page.url }})',
    ].join('\n');
    expect(templateLinks(text).map(({ image, label, url }) => [image, label, url])).toEqual([
      [false, '설치', 'setup.md'],
      [false, '배포', '/ops/deploy.md#롤백'],
      [false, '글', '/guides/a.md'],
      [false, '포스트', '/_posts/2023-05-01-hello.md'],
      [true, '그림', '/assets/a.png'],
    ]);
  });

  test('text without a template call, or a link the parser already read, gives nothing', () => {
    expect(templateLinks('[a](b) {{ x }} 와 {% raw %}')).toEqual([]);
  });
});
