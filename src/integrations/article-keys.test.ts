// Render keys (src/lib/wiki/render-key.ts) against the site's real Markdown plugins (`markdownOptions` of maru.ts): after
// each change to the wiki, every article kept under its key must be exactly what rendering it now gives, and only the
// articles whose key changed are rendered again.
import { createMarkdownProcessor, parseFrontmatter } from '@astrojs/markdown-remark';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import type { RawFile } from '../lib/wiki/document.ts';
import { buildWiki, type Wiki } from '../lib/wiki/pipeline.ts';
import { renderKeys } from '../lib/wiki/render-key.ts';
import { sha256 } from '../node/hash.ts';
import { LINKING_WIKI, wikiFile } from '../../test/helpers/linking-wiki.ts';
import { parsedTrees } from '../node/parsed-trees.ts';
import { markdownOptions } from './maru.ts';

const root = mkdtempSync(join(tmpdir(), 'maru-article-keys-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

test('after each change, the articles kept by render key equal a fresh render, and only the changed keys rendered again', async () => {
  let wiki: Wiki | undefined;
  // The site's plugins, resolving against the wiki of the moment, as the dev server's and the build's renderer do.
  const processor = await createMarkdownProcessor({
    ...(markdownOptions(() => wiki!, root, 'ko', parsedTrees()) as object),
    syntaxHighlight: false,
  });
  const render = async (f: RawFile) => {
    const { content, frontmatter } = parseFrontmatter(f.text!);
    return (await processor.render(content, { fileURL: pathToFileURL(join(root, f.path)), frontmatter })).code;
  };
  const kept = new Map<string, string>();
  /** Makes `files` the wiki; renders the documents whose key has no article yet; answers which ones it rendered. */
  const step = async (files: readonly RawFile[], attachments: string[] = []) => {
    for (const f of files) writeFileSync(join(root, f.path), f.text!);
    wiki = buildWiki(files, { categories: ['concept'], base: '/', attachments, fileExists: (p) => attachments.includes(p) });
    const texts = new Map(files.map((f) => [f.path, f.text!]));
    const keys = renderKeys(wiki, (d) => texts.get(d.source.sourcePath)!, { lang: 'ko', code: 'v1' }, sha256);
    const rendered: string[] = [];
    for (const f of files) {
      const id = wiki.documents.find((d) => d.source.sourcePath === f.path)!.source.id;
      const key = keys.get(id)!;
      if (kept.has(key)) continue;
      kept.set(key, await render(f));
      rendered.push(id);
    }
    // What each page would show from the kept articles, against a render of every document now.
    for (const f of files) {
      const id = wiki.documents.find((d) => d.source.sourcePath === f.path)!.source.id;
      expect(kept.get(keys.get(id)!), id).toBe(await render(f));
    }
    return rendered.sort();
  };
  expect(await step(LINKING_WIKI)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  expect(kept.get([...kept.keys()][0]!)).toContain('<span class="broken-link" title="[[색인]]: 문서가 없습니다">색인</span>');
  // A new document fixes a's broken link.
  const fixed = [...LINKING_WIKI, wikiFile('색인.md', '---\ntitle: 색인\n---\n\n본문.\n')];
  expect(await step(fixed)).toEqual(['a', '색인']);
  // b's title changes: a's `[[b]]` and e's mention show it; c's `[설명](b.md)` does not.
  const retitled = fixed.map((f) => (f.path === 'b.md' ? wikiFile('b.md', '---\ntitle: 형태소 분석기\n---\n\n## 규칙\n\n본문.\n') : f));
  expect(await step(retitled)).toEqual(['a', 'b', 'e']);
  // b.md renamed: the links to it break.
  const renamed = retitled.map((f) => (f.path === 'b.md' ? wikiFile('b2.md', f.text!) : f));
  expect(await step(renamed)).toEqual(['a', 'b2', 'c', 'e']);
  // The file d links to is added to the folder.
  expect(await step(renamed, ['files/report.pdf'])).toEqual(['d']);
});
