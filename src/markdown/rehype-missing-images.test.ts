import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { describe, expect, test } from 'vitest';
import rehypeMissingImages from './rehype-missing-images.ts';
import rehypeSanitizeContent from './rehype-sanitize-content.ts';
import remarkMissingImages from './remark-missing-images.ts';
import remarkObsidianEmbeds from '../lib/dialects/obsidian/remark-obsidian-embeds.ts';

/** Only `here.png` (next to the page), `/shared/logo.svg` (from the content root) and `/attachments/diagram.png` exist. */
const exists = (src: string) => ['./here.png', 'here.png', '/shared/logo.svg', '../attachments/diagram.png'].includes(src);

/** Obsidian embeds: only `diagram.png` exists, in `attachments/` at the content root. */
const findEmbed = (name: string) => (name === 'diagram.png' || name === 'attachments/diagram.png' ? '../attachments/diagram.png' : undefined);

function render(md: string): { html: string; messages: string[] } {
  const file = new VFile({ value: md, path: '/wiki/guide/page.md' });
  const html = String(
    unified()
      .use(remarkParse)
      .use(remarkObsidianEmbeds)
      .use(remarkMissingImages, { exists, findEmbed })
      .use(remarkRehype, { allowDangerousHtml: true })
      .use(rehypeSanitizeContent)
      .use(rehypeMissingImages, { exists })
      .use(rehypeStringify)
      .processSync(file),
  );
  return { html: html.trim(), messages: file.messages.map((m) => m.reason) };
}

test.each([
  ['a Markdown image', '![흐름도](./images/flow.png)'],
  ['a raw <img>', '<p><img alt="흐름도" src="./images/flow.png" width="252"></p>'],
])('%s whose file is missing becomes the same marked placeholder with its alt text', (_, md) => {
  expect(render(md).html).toBe('<p><span class="missing-image">[이미지 없음: 흐름도]</span></p>');
});

test('a missing raw <img> without alt shows its address; a missing one inline keeps the text around it', () => {
  expect(render('<p><img src="/images/lambdatest.svg"></p>').html).toBe('<p><span class="missing-image">[이미지 없음: /images/lambdatest.svg]</span></p>');
  expect(render('앞 ![그림](gone.png) 뒤').html).toBe('<p>앞 <span class="missing-image">[이미지 없음: 그림]</span> 뒤</p>');
});

test('existing and external images are left as written', () => {
  expect(render('![여기](./here.png)').html).toBe('<p><img src="./here.png" alt="여기"></p>');
  expect(render('<p><img src="/shared/logo.svg" alt="로고"></p>').html).toBe('<p><img src="/shared/logo.svg" alt="로고"></p>');
  expect(render('<p><img src="https://example.com/a.png" alt="밖"></p>').html).toBe('<p><img src="https://example.com/a.png" alt="밖"></p>');
});

test('a missing Markdown image is reported on the file for the build log', () => {
  expect(render('![흐름도](./images/flow.png)').messages).toEqual(['missing image ./images/flow.png']);
});

describe('Obsidian image embeds', () => {
  test.each([
    ['a bare name, found elsewhere in the folder', '![[diagram.png]]', '<p><img src="../attachments/diagram.png" alt=""></p>'],
    ['a path from the root', '![[attachments/diagram.png]]', '<p><img src="../attachments/diagram.png" alt=""></p>'],
    ['a width', '![[diagram.png|300]]', '<p><img src="../attachments/diagram.png" alt="" width="300"></p>'],
    ['a width and height', '![[diagram.png|300x200]]', '<p><img src="../attachments/diagram.png" alt="" width="300" height="200"></p>'],
    ['alt text', '앞 ![[diagram.png|흐름도]] 뒤', '<p>앞 <img src="../attachments/diagram.png" alt="흐름도"> 뒤</p>'],
  ])('%s renders as the Markdown image of that file', (_why, md, want) => {
    expect(render(md)).toEqual({ html: want, messages: [] });
  });

  test('an embedded image whose file is found but unreadable is the placeholder too (Astro would stop the build on it)', () => {
    const file = new VFile({ value: '![[diagram.png|흐름도]]', path: '/wiki/guide/page.md' });
    const html = unified()
      .use(remarkParse)
      .use(remarkObsidianEmbeds)
      .use(remarkMissingImages, { exists: () => false, findEmbed })
      .use(remarkRehype)
      .use(rehypeStringify)
      .processSync(file);
    expect(String(html)).toBe('<p><span class="missing-image">[이미지 없음: 흐름도]</span></p>');
  });

  test('a missing embedded image is the placeholder and the warning of a missing Markdown image', () => {
    expect(render('![[없는 그림.png]]')).toEqual({
      html: '<p><span class="missing-image">[이미지 없음: 없는 그림.png]</span></p>',
      messages: ['missing image 없는 그림.png'],
    });
  });
});
