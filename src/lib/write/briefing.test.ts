import { describe, expect, test } from 'vitest';
import type { CatalogEntry } from '../artifacts/schema.ts';
import { testEntry } from '../artifacts/test-entry.ts';
import { briefingText, glossaryDocuments, knowledgeUri, overviewOf, promptBody, recentOf } from './briefing.ts';

const entry = (id: string, over: Partial<CatalogEntry> = {}): CatalogEntry =>
  testEntry(id, { summary: '', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', wordCount: 1, ...over });

describe('wiki_briefing parts', () => {
  test('the overview is <project>-overview, else the most linked-to document', () => {
    const docs = [entry('a', { backlinks: ['x'] }), entry('b', { backlinks: ['x', 'y'] }), entry('q-overview', { project: 'q' })];
    expect(overviewOf('q', docs)?.id).toBe('q-overview');
    expect(overviewOf('p', docs)?.id).toBe('b');
    expect(overviewOf('none', docs)).toBeUndefined();
  });

  test('recent documents are newest first, ties by id, at most the limit', () => {
    const docs = [
      entry('old'),
      entry('new', { updatedAt: '2026-05-01T00:00:00.000Z' }),
      entry('also-old'),
      entry('other', { project: 'q', updatedAt: '2027-01-01T00:00:00.000Z' }),
    ];
    expect(recentOf('p', docs, 2).map((d) => d.id)).toEqual(['new', 'also-old']);
  });

  test('glossary documents are found by id or tag; links encode Korean ids', () => {
    expect(glossaryDocuments([entry('glossary'), entry('words', { tags: ['Glossary'] }), entry('x')]).map((d) => d.id)).toEqual(['glossary', 'words']);
    expect(knowledgeUri('검색/메모')).toBe('knowledge://documents/%EA%B2%80%EC%83%89/%EB%A9%94%EB%AA%A8');
  });

  test('the text names the overview, the terms the project mentions and the recent documents', () => {
    const docs = [entry('p-overview', { title: '개요', summary: '시작점' }), entry('glossary', { project: 'g', tags: ['glossary'], title: '용어집' })];
    const text = briefingText(
      'p',
      docs,
      [
        ['조사', '토씨'],
        ['없는말', '딴말'],
      ],
      (id) => (id === 'p-overview' ? '조사를 뗀다' : ''),
    );
    expect(text.split('\n')).toEqual([
      '# Briefing: project "p"',
      '',
      'Before working on anything in "p", read the overview, keep the team\'s terms below in mind, and check the recent changes. Search with search_knowledge (project: "p") and read documents with read_knowledge or their knowledge:// links.',
      '',
      '## Overview',
      '',
      '- [개요](knowledge://documents/p-overview) — id `p-overview`, guide, updated 2026-01-01: 시작점',
      '',
      '## Glossary terms',
      '',
      '- 조사: 토씨',
      '',
      'Full glossary: [용어집](knowledge://documents/glossary)',
      '',
      '## Recently updated (1)',
      '',
      '- [개요](knowledge://documents/p-overview) — id `p-overview`, guide, updated 2026-01-01: 시작점',
      '',
    ]);
  });

  test('a prompt body is the normalised Markdown without its frontmatter', () => {
    expect(promptBody('---\nid: a\n---\n\n## 규칙\n\n하라.\n')).toBe('## 규칙\n\n하라.\n');
  });
});
