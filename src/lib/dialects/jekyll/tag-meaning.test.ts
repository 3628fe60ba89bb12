import { describe, expect, test } from 'vitest';
import { calloutKindOf, calloutTitleOf, templateLinks } from './tag-meaning.ts';
import { parseArgs } from '../../markdown/template-tags.ts';

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
