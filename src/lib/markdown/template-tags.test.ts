import { describe, expect, test } from 'vitest';
import { parseArgs, parseTagLine } from './template-tags.ts';

describe('template tag lines', () => {
  test.each([
    ['{% hint style="info" %}', { kind: 'open', name: 'hint', args: { named: { style: 'info' }, positional: [] }, syntax: 'liquid' }],
    ['{%- endhint -%}', { kind: 'close', name: 'hint', syntax: 'liquid' }],
    ["  {% tab title='macOS' %}  ", { kind: 'open', name: 'tab', args: { named: { title: 'macOS' }, positional: [] }, syntax: 'liquid' }],
    ['{% highlight ruby linenos %}', { kind: 'open', name: 'highlight', args: { named: {}, positional: ['ruby', 'linenos'] }, syntax: 'liquid' }],
    ['{{< tab "macOS" >}}', { kind: 'open', name: 'tab', args: { named: {}, positional: ['macOS'] }, syntax: 'shortcode' }],
    ['{{% notice tip "제목" %}}', { kind: 'open', name: 'notice', args: { named: {}, positional: ['tip', '제목'] }, syntax: 'shortcode' }],
    ['{{< /tab >}}', { kind: 'close', name: 'tab', syntax: 'shortcode' }],
    ['{{% / notice %}}', { kind: 'close', name: 'notice', syntax: 'shortcode' }],
    [
      '{{< figure src="/a.png" alt="그림" />}}',
      { kind: 'open', name: 'figure', args: { named: { src: '/a.png', alt: '그림' }, positional: [] }, syntax: 'shortcode' },
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
