// Over the real stdio server, on a small wiki whose pages hold the shapes that once made the tools disagree or cut
// badly: # headings in a page's body, text full of multi-unit graphemes.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ReadKnowledgeOutputSchema, type ReadKnowledgeOutput } from '../../mcp/tools/read-knowledge.ts';
import { SearchKnowledgeOutputSchema } from '../../mcp/tools/search-knowledge.ts';
import { buildFixture, callOk, connectStdio, removeDir } from './helpers.ts';

const GUIDE = `---
title: 배포 안내
---

개요 문단입니다.

## 준비

준비 문단입니다.

# 운영

운영 문단입니다.

## 롤백 절차

롤백은 블루그린 스위치로 되돌립니다.

### 확인

헬스체크 대시보드를 봅니다.

## 부록

부록 문단입니다.

# 참고

### 링크 모음

사내 위키 주소록을 모았습니다.
`;

/** Emoji ZWJ sequences, flags, skin tones, conjoining jamo and combining marks, in lines longer than a page. */
const GRAPHEMES = `---
title: 이모지 문서
---

${Array.from({ length: 10 }, (_, i) => `${i} 👨‍👩‍👧 가족과 🇰🇷🇯🇵 국기, 👍🏽 \u1100\u1161\u11A8 조합형, cafe\u0301 `.repeat(12)).join('\n')}
`;

/** Wikilinks by id, by title and with their own text, as a page's reader sees them: titles and link texts. */
const LINKS = `---
title: 링크 모음 문서
---

롤백 전에는 [[guide]] 를 읽고, [[이모지 문서]] 와 [[guide|운영 안내서]] 도 함께 확인합니다.
`;

let content: string;
let dir: string;
let client: Client;

beforeAll(async () => {
  content = mkdtempSync(join(tmpdir(), 'maru-agree-content-'));
  writeFileSync(join(content, 'guide.md'), GUIDE);
  writeFileSync(join(content, 'emoji.md'), GRAPHEMES);
  writeFileSync(join(content, 'links.md'), LINKS);
  dir = buildFixture(content);
  client = await connectStdio(dir);
});

afterAll(async () => {
  await client?.close();
  removeDir(dir);
  removeDir(content);
});

describe('a page with # headings in its body', () => {
  // The body's # headings make every heading one level deeper (one h1 per page: demoteBodyH1s): `# 운영` is an h2
  // section holding `## 롤백 절차` (h3); `### 확인` and `### 링크 모음` become h4s, inside the sections above them.
  test.each([
    ['블루그린 스위치', ['운영', '롤백 절차']],
    ['헬스체크 대시보드', ['운영', '롤백 절차']],
    ['위키 주소록', ['참고']],
  ])('search %j names the section by the outline path %j, and read_knowledge reads that path back', async (query, path) => {
    const hit = (await callOk(client, 'search_knowledge', { query }, SearchKnowledgeOutputSchema)).data.results[0]!;
    expect([hit.id, hit.section.path]).toEqual(['guide', path]);
    const outline = (await callOk(client, 'read_knowledge', { document_id: 'guide', format: 'outline' }, ReadKnowledgeOutputSchema)).data.outline!;
    expect(outline.find((h) => h.anchor === hit.section.anchor)?.path).toEqual(path);
    const read = await callOk(client, 'read_knowledge', { document_id: 'guide', section: hit.section.path.join(' > ') }, ReadKnowledgeOutputSchema);
    expect(read.data.section).toEqual({ anchor: hit.section.anchor, path });
  });
});

test('read_knowledge pages never end inside a grapheme, and chained pages add up to the document', async () => {
  const file = readFileSync(join(dir, '_wiki/docs/emoji.md'), 'utf8');
  const boundaries = new Set([...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(file)].map((s) => s.index));
  let text = '';
  const ends: number[] = [];
  for (let offset: number | null = 0; offset !== null;) {
    const page: { data: ReadKnowledgeOutput } = await callOk(
      client,
      'read_knowledge',
      { document_id: 'emoji', offset, max_chars: 333 },
      ReadKnowledgeOutputSchema,
    );
    text += page.data.content;
    offset = page.data.next_offset;
    if (offset !== null) ends.push(offset);
  }
  expect(text).toBe(file);
  expect(ends.length).toBeGreaterThan(10);
  expect(ends.filter((end) => !boundaries.has(end))).toEqual([]);
});

test('a snippet shows wikilinks as the page does, the same as the website snippet text', async () => {
  const hit = (await callOk(client, 'search_knowledge', { query: '롤백 전에는 함께 확인' }, SearchKnowledgeOutputSchema)).data.results[0]!;
  expect([hit.id, hit.snippet]).toEqual(['links', '롤백 전에는 배포 안내 를 읽고, 이모지 문서 와 운영 안내서 도 함께 확인합니다.']);
  expect(JSON.parse(readFileSync(join(dir, '_wiki/search/text/links.json'), 'utf8'))).toEqual([hit.snippet]);
});
