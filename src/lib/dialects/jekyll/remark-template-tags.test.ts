import { describe, expect, test } from 'vitest';
import { parseMarkdown } from '../../markdown/parse.ts';

// How the site renders these tags is in test/fixtures/markdown/site-gitbook-page and site-hugo-jekyll-tags; this is
// what search and `npm run check` read.
describe('GitBook, Jekyll and Hugo template tags', () => {
  test('tag lines leave the section text; what the tags hold stays, and its links keep their lines', () => {
    const md = parseMarkdown(
      [
        '## 설치', //                                 1
        '',
        '{% hint style="warning" %}',
        'VPN이 필요합니다. [접속 안내](./vpn.md)',
        '{% endhint %}',
        '',
        '{% tabs %}',
        '{% tab title="macOS" %}',
        'brew로 설치합니다.',
        '{% endtab %}',
        '{% endtabs %}',
        '',
        '{% content-ref url="setup.md" %}',
        '[setup.md](setup.md)',
        '{% endcontent-ref %}',
        '',
        '{% embed url="https://example.com/video" %}',
        '소개 영상',
        '{% endembed %}',
        '',
        '{% file src="./files/guide.pdf" %}', //      21
        '안내서',
        '{% endfile %}',
      ].join('\n'),
    );
    expect(md.sections.map((s) => [s.anchor, s.text])).toEqual([
      ['', ''],
      ['설치', 'VPN이 필요합니다. 접속 안내\nmacOS\nbrew로 설치합니다.\nsetup.md\n소개 영상\n안내서'],
    ]);
    expect(md.links.map((l) => [l.target, l.line])).toEqual([
      ['./vpn.md', 4],
      ['setup.md', 14],
      ['./files/guide.pdf', 21],
    ]);
  });

  test('highlight blocks are code, read from the source lines, not Markdown, and what follows the closing tag keeps its lines', () => {
    const md = parseMarkdown(
      ['{{< highlight go >}}', '# 제목이 아닙니다', '', '* 목록도 아닙니다', '{{< /highlight >}}', '[다음](./next.md) 문단.', '', '끝.'].join('\n'),
    );
    expect(md.headings).toEqual([]);
    expect(md.sections[0]!.text).toBe('다음 문단.\n끝.');
    expect(md.links.map((l) => [l.target, l.line])).toEqual([['./next.md', 6]]);
  });

  test('a closing tag right under a list closes the block, as the tool that wrote it meant', () => {
    const md = parseMarkdown(['{% hint style="info" %}', '- 하나', '- 둘', '{% endhint %}', '', '뒤 문단.'].join('\n'));
    expect(md.sections[0]!.text).toBe('하나 둘\n뒤 문단.');
  });

  test('a tag it does not know that never closes, a closing tag with nothing open and a tag inside prose stay as written', () => {
    const md = parseMarkdown(['{% include nav.html %}', '', '{% endif %}', '', '본문의 {% raw %} 는 글자입니다.'].join('\n'));
    expect(md.sections[0]!.text).toBe('{% include nav.html %}\n{% endif %}\n본문의 {% raw %} 는 글자입니다.');
  });

  test('a comment block and a Hugo comment line are dropped', () => {
    const md = parseMarkdown(['{% comment %}', '숨긴 메모 [링크](./secret.md)', '{% endcomment %}', '{{/* 메모 */}}', '보이는 글.'].join('\n'));
    expect(md.sections[0]!.text).toBe('보이는 글.');
    expect(md.links).toEqual([]);
  });

  test('tags in code stay code', () => {
    const md = parseMarkdown(['```', '{% hint style="info" %}', '```', '', '    {{< tab "a" >}}'].join('\n'));
    expect(md.sections[0]!.text).toBe('');
  });

  test('Hugo ref and Jekyll link addresses become links with their lines', () => {
    const md = parseMarkdown(['첫 줄', '[설치]({{< ref "setup.md" >}})와', '[글]({% link guides/a.md %})'].join('\n'));
    expect(md.links.map((l) => [l.target, l.line])).toEqual([
      ['setup.md', 2],
      ['/guides/a.md', 3],
    ]);
    expect(md.sections[0]!.text).toBe('첫 줄 설치와 글');
  });

  test('tags nested past 32 levels stay as written, and 5,000 unclosed hints keep every line', () => {
    const deep = parseMarkdown([...Array.from({ length: 40 }, () => '{% hint %}'), '안쪽', ...Array.from({ length: 40 }, () => '{% endhint %}')].join('\n'));
    expect(deep.sections[0]!.text.match(/\{% hint %\}/g)).toHaveLength(8);
    expect(deep.sections[0]!.text).toContain('안쪽');
    const many = parseMarkdown(Array.from({ length: 5_000 }, (_, i) => `{% hint %}\n줄 ${i}`).join('\n\n'));
    const text = many.sections[0]!.text;
    expect(text.match(/\{% hint %\}/g)).toHaveLength(5_000);
    expect(text).toContain('줄 4999');
  });
});

test("Jekyll's raw tags leave code that holds both, as on a Jekyll page; code with one of them, or prose, keeps it", () => {
  const md = parseMarkdown(
    [
      '```liquid',
      '{% raw %}{{ page.title }}{%- endraw -%}',
      '```',
      '',
      '`{% raw %}{{ x }}{% endraw %}` 와 `{% raw %}` 만',
      '',
      '```',
      '{% endraw %}',
      '```',
    ].join('\n'),
  );
  expect(md.sections[0]!.text).toBe('{{ x }} 와 {% raw %} 만');
});

test("a Hugo details block without a title is named in the site's language, as a ::: details block is", async () => {
  const { unified } = await import('unified');
  const { default: remarkParse } = await import('remark-parse');
  const { default: remarkRehype } = await import('remark-rehype');
  const { default: rehypeStringify } = await import('rehype-stringify');
  const { dialectPlugins } = await import('../../markdown/dialect.ts');
  const page = (options: Parameters<typeof dialectPlugins>[0]) =>
    String(
      unified()
        .use(remarkParse)
        .use(dialectPlugins(options))
        .use(remarkRehype)
        .use(rehypeStringify)
        .processSync('{{< details >}}\nHidden text\n{{< /details >}}\n'),
    ).replace(/\n/g, '');
  expect(page({ detailsTitle: 'Details' })).toBe('<details class="details"><summary>Details</summary><p>Hidden text</p></details>');
  expect(page({})).toBe('<details class="details"><summary>자세히</summary><p>Hidden text</p></details>');
});
