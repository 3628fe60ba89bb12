import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { idFromTitle } from '../src/lib/write/new-document.ts';
import { toSourceDocument } from '../src/lib/wiki/document.ts';
import { DEFAULT_CATEGORIES } from '../src/lib/wiki/config.ts';
import { ROOT, tempDir } from './helpers/astro.ts';

const run = (...args: string[]) =>
  spawnSync(process.execPath, ['bin/maru.ts', 'new', ...args], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

describe('maru new / npm run new', () => {
  test.each([
    ['한국어 검색 규칙', '한국어-검색-규칙'],
    ['Why Astro? (ADR)', 'why-astro-adr'],
    ['MCP 서버 — 설정', 'mcp-서버-설정'],
  ])('id from the title %j is %j', (title, id) => expect(idFromTitle(title)).toBe(id));

  test('creates a valid document in the project folder and refuses to create it twice', () => {
    const content = tempDir('maru-new-');
    cpSync(join(ROOT, 'content'), content, { recursive: true });
    const first = run('--content', content, '--title', '한국어 검색 규칙', '--project', 'search', '--category', 'policy', '--tags', '검색, 한국어');
    expect(first.status, first.stderr).toBe(0);
    const text = readFileSync(join(content, 'search/한국어-검색-규칙.md'), 'utf8');
    const today = new Date().toISOString().slice(0, 10);
    expect(text.split('\n').slice(0, 11)).toEqual([
      '---',
      'id: 한국어-검색-규칙',
      'title: 한국어 검색 규칙',
      'project: search',
      'category: policy',
      'tags: [검색, 한국어]',
      `created_at: ${today}`,
      `updated_at: ${today}`,
      'summary: 한국어 검색 규칙에 대한 한 문장 요약을 쓰세요.',
      '---',
      '',
    ]);
    const { doc, problems } = toSourceDocument({ path: 'search/한국어-검색-규칙.md', text, mtime: new Date().toISOString() }, [...DEFAULT_CATEGORIES]);
    expect(problems).toEqual([]);
    expect(doc).toMatchObject({ id: '한국어-검색-규칙', project: 'search', category: 'policy', tags: ['검색', '한국어'] });

    const again = run('--content', content, '--title', '한국어 검색 규칙', '--project', 'search', '--category', 'policies');
    expect(again.status).toBe(1);
    expect(again.stderr.trim().split('\n')).toEqual([
      '--id: "한국어-검색-규칙"는 이미 있는 문서의 id입니다. 다른 id를 --id로 주세요.',
      '--category: "policies"는 허용된 분류가 아닙니다. 다음 중 하나를 쓰세요: concept, policy, workflow, decision, guide, reference, history.',
    ]);
  });
});
