// Prompts from the wiki (documents with prompt: true) and wiki_briefing, through the SDK Client over stdio.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildFixture, connectStdio, EXAMPLE_CONTENT, removeDir } from './helpers.ts';

let tmp: string;
let dist: string;
let client: Client;

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'maru-prompts-'));
  cpSync(EXAMPLE_CONTENT, tmp, { recursive: true });
  const file = join(tmp, 'operations/writing-guide.md');
  writeFileSync(file, readFileSync(file, 'utf8').replace(/^---\n/, '---\nprompt: true\n'));
  dist = buildFixture(tmp);
  client = await connectStdio(dist, 'legacy', ['--no-watch']);
});

afterAll(async () => {
  await client?.close();
  removeDir(tmp);
  removeDir(dist);
});

const textOfPrompt = (result: { messages: { content: unknown }[] }) => (result.messages[0]!.content as { type: string; text: string }).text;

describe('prompts', () => {
  test('documents with prompt: true are listed by id with their summary, plus wiki_briefing', async () => {
    const { prompts } = await client.listPrompts();
    const summary = /^summary: (.*)$/m.exec(readFileSync(join(tmp, 'operations/writing-guide.md'), 'utf8'))![1];
    expect(prompts.map((p) => [p.name, p.description])).toEqual([
      ['writing-guide', summary],
      [
        'wiki_briefing',
        'Where to look before a task in one project: its overview document, glossary terms and the 10 most recently updated documents, each with a knowledge:// link.',
      ],
    ]);
    expect(prompts[1]!.arguments).toEqual([
      { name: 'project', description: 'Project name, e.g. "search" (see list_projects; at most 100 characters).', required: true },
    ]);
  });

  test('a wiki prompt is the document body from _wiki/docs without frontmatter', async () => {
    const built = readFileSync(join(dist, '_wiki/docs/writing-guide.md'), 'utf8');
    const body = built.slice(built.indexOf('\n---\n') + 5).replace(/^\n+/, '');
    const result = await client.getPrompt({ name: 'writing-guide' });
    expect(result.messages).toHaveLength(1);
    expect(result.messages[0]!.role).toBe('user');
    expect(textOfPrompt(result)).toBe(body);
    expect(textOfPrompt(result)).not.toContain('prompt: true');
  });

  test('wiki_briefing(search) names the overview, glossary terms and the 10 latest documents with knowledge:// links', async () => {
    const text = textOfPrompt(await client.getPrompt({ name: 'wiki_briefing', arguments: { project: 'search' } }));
    const lines = text.split('\n');
    expect(lines.slice(0, 7)).toEqual([
      '# Briefing: project "search"',
      '',
      'Before working on anything in "search", read the overview, keep the team\'s terms below in mind, and check the recent changes. Search with search_knowledge (project: "search") and read documents with read_knowledge or their knowledge:// links.',
      '',
      '## Overview',
      '',
      '- [한국어 검색 개요](knowledge://documents/search-overview) — id `search-overview`, concept, updated 2026-11-30: 마루 검색이 조사, 띄어쓰기, 한영 혼용, 오타가 섞인 한국어 질의를 어떻게 처리하는지 전체 흐름을 설명한다.',
    ]);
    expect(lines).toContain('- 조사: particle, 토씨');
    expect(lines).toContain('Full glossary: [용어집](knowledge://documents/glossary)');
    const recent = lines.slice(lines.indexOf('## Recently updated (10)') + 2).filter((l) => l.startsWith('- ['));
    expect(recent.map((l) => /id `([^`]+)`/.exec(l)![1])).toEqual([
      // Latest git change first: search-eval and search-tokenizer changed with the quality merge (21:47–21:55Z).
      'search-eval',
      'search-overview',
      'search-ranking',
      'search-tokenizer',
      'search-query-tips',
      'search-aliases',
      'search-evolution',
      'search-particles',
      'search-bigrams',
      'adr-one-search-contract',
    ]);
    expect(recent.every((l) => l.includes('(knowledge://documents/'))).toBe(true);
  });

  test('project completes, and an unknown project is an error naming the known ones', async () => {
    const done = await client.complete({ ref: { type: 'ref/prompt', name: 'wiki_briefing' }, argument: { name: 'project', value: 'op' } });
    expect(done.completion.values).toEqual(['operations']);
    await expect(client.getPrompt({ name: 'wiki_briefing', arguments: { project: 'nope' } })).rejects.toThrow(
      'Unknown project "nope". Known projects: maru, onboarding, operations, search.',
    );
  });
});
