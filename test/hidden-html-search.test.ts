// What the page hides of raw HTML (comments, scripts, styles) and Obsidian's %%comments%% is neither searchable nor quoted in a snippet, in the
// site's `_wiki/search/text` and in the texts the MCP server cuts from `_wiki/docs/*.md`, which stay as written.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { MarkdownStore } from '../mcp/artifacts.ts';
import { toArtifacts } from '../src/lib/artifacts/emit.ts';
import { loadSearch } from '../src/lib/search/index-load.ts';
import { searchSync } from '../src/lib/search/search.ts';
import { emitContext, loadWiki, siteConfig } from '../src/node/wiki-build.ts';

const root = mkdtempSync(join(tmpdir(), 'maru-hidden-html-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const BODY = `# 숨김 확인

보이는 첫 문단. %%인라인 메모: 연봉%%

%%
비공개 메모: 협상전략
%%

<script>alert(1)</script>
<style>body{display:none} .doc{position:fixed}</style>
<!-- <script>alert('comment')</script> 숨은 주석 비밀번호: hunter2 -->
<svg><script>alert(7)</script></svg>

## 예시

주석은 \`<!-- 이렇게 -->\`, \`%%이렇게%%\` 씁니다.

\`\`\`html
<!-- 코드 안의 주석 -->
\`\`\`
`;

function build(): Map<string, string> {
  mkdirSync(join(root, 'p'), { recursive: true });
  writeFileSync(join(root, 'p/hidden.md'), `---\ntitle: 숨김 확인\nsummary: 요약\n---\n${BODY}`);
  const config = siteConfig();
  const wiki = loadWiki(root, config, '/');
  return toArtifacts(wiki, emitContext(wiki, config, root));
}

const files = build();
const id = [...files.keys()].find((f) => f.startsWith('_wiki/docs/'))!.slice('_wiki/docs/'.length, -'.md'.length);

test('the snippet text holds what the page shows, the Markdown for AIs what was written', () => {
  // The snippet cleaner drops tags and code blocks itself; a comment written as inline code is text the page shows.
  expect(JSON.parse(files.get(`_wiki/search/text/${id}.json`)!)).toEqual(['숨김 확인 보이는 첫 문단.', '주석은 <!-- 이렇게 -->, %%이렇게%% 씁니다.']);
  expect(files.get(`_wiki/docs/${id}.md`)).toContain('hunter2');
  expect(files.get(`_wiki/docs/${id}.md`)).toContain('%%\n비공개 메모: 협상전략\n%%');
});

test('the MCP server cuts the same texts from the Markdown', async () => {
  const store = new MarkdownStore(new Map([[id, Buffer.from(files.get(`_wiki/docs/${id}.md`)!)]]));
  const search = loadSearch(JSON.parse(files.get('_wiki/search-index.json')!));
  const document = search.documents.find((d) => d.id === id)!;
  const texts = (await store.sectionTexts(document))!;
  expect([texts.at(0), texts.at(1)]).toEqual(JSON.parse(files.get(`_wiki/search/text/${id}.json`)!));
});

test.each(['hunter2', 'display', 'alert', '비밀번호', '연봉', '협상전략'])('no document is found by %s', (q) => {
  const search = loadSearch(JSON.parse(files.get('_wiki/search-index.json')!));
  expect(searchSync(search, q).hits).toEqual([]);
});
