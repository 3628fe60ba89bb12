// remember_knowledge through the SDK Client over the real stdio process, against a copy of the example wiki.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RememberKnowledgeOutputSchema } from '../../mcp/tools/remember-knowledge.ts';
import { SearchKnowledgeOutputSchema } from '../../mcp/tools/search-knowledge.ts';
import { buildFixture, callError, callOk, connectHttp, connectStdio, EXAMPLE_CONTENT, removeDir, ROOT } from './helpers.ts';

let tmp: string;
let content: string;
let outside: string;
let dist: string;
let client: Client;

/** Every Markdown file under a folder, relative, sorted. */
function markdownFiles(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.md')).sort();
}

async function search(query: string) {
  return (await callOk(client, 'search_knowledge', { query, limit: 5 }, SearchKnowledgeOutputSchema)).data.results;
}

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'maru-remember-'));
  content = join(tmp, 'content');
  outside = join(tmp, 'outside');
  cpSync(EXAMPLE_CONTENT, content, { recursive: true });
  mkdirSync(outside);
  symlinkSync(outside, join(content, 'linked'));
  dist = buildFixture(content);
  client = await connectStdio(dist, 'legacy', ['--allow-write', content, '--no-watch']);
});

afterAll(async () => {
  await client?.close();
  removeDir(tmp);
  removeDir(dist);
});

const LESSON =
  '# 인덱스 배포 전 CDN 퍼지\n\n새 검색 인덱스를 올린 뒤 CDN 퍼지를 하지 않으면 사용자는 한 시간 동안 옛 결과를 본다. 배포 스크립트 끝에서 퍼지 API를 부르고, 응답이 202인지 확인한다.\n';

describe('remember_knowledge over stdio', () => {
  test('is listed with write annotations only when --allow-write is given', async () => {
    const { tools } = await client.listTools();
    const tool = tools.find((t) => t.name === 'remember_knowledge');
    expect(tool?.annotations).toEqual({ readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    const readOnly = await connectStdio(dist, 'legacy', ['--no-watch']);
    expect((await readOnly.listTools()).tools.map((t) => t.name)).not.toContain('remember_knowledge');
    await readOnly.close();
  });

  test('saves a Markdown file with valid frontmatter that search finds at once', async () => {
    const { data } = await callOk(
      client,
      'remember_knowledge',
      { content: LESSON, project: 'operations', category: 'guide', tags: ['배포', 'cdn'], external_id: 'lesson-cdn' },
      RememberKnowledgeOutputSchema,
    );
    expect(data).toMatchObject({
      status: 'created',
      id: '인덱스-배포-전-cdn-퍼지',
      path: 'operations/인덱스-배포-전-cdn-퍼지.md',
      searchable: true,
      similar: [],
    });
    const text = readFileSync(join(content, data.path), 'utf8');
    expect(text.split('\n').slice(0, 12)).toEqual([
      '---',
      'id: 인덱스-배포-전-cdn-퍼지',
      'title: 인덱스 배포 전 CDN 퍼지',
      'project: operations',
      'category: guide',
      'tags: [배포, cdn]',
      `created_at: ${new Date().toISOString().slice(0, 10)}`,
      `updated_at: ${new Date().toISOString().slice(0, 10)}`,
      'summary: 새 검색 인덱스를 올린 뒤 CDN 퍼지를 하지 않으면 사용자는 한 시간 동안 옛 결과를 본다. 배포 스크립트 끝에서 퍼지 API를 부르고, 응답이 202인지 확인한다.',
      'external_id: lesson-cdn',
      '---',
      '',
    ]);
    expect((await search('CDN 퍼지'))[0]?.id).toBe('인덱스-배포-전-cdn-퍼지');
  });

  test('the same external_id updates that document instead of adding one', async () => {
    const before = markdownFiles(content);
    const updated = LESSON.replace('202인지', '202 또는 200인지').concat('\n퍼지가 실패하면 배포를 멈추고 슬랙 알림을 보낸다.\n');
    const { data } = await callOk(client, 'remember_knowledge', { content: updated, external_id: 'lesson-cdn' }, RememberKnowledgeOutputSchema);
    expect(data).toMatchObject({ status: 'updated', id: '인덱스-배포-전-cdn-퍼지', path: 'operations/인덱스-배포-전-cdn-퍼지.md' });
    expect(markdownFiles(content)).toEqual(before);
    const text = readFileSync(join(content, data.path), 'utf8');
    expect(text).toContain('tags: [배포, cdn]');
    expect(text).toContain('슬랙 알림');
    const hits = await search('슬랙 알림 퍼지');
    expect(hits[0]?.id).toBe('인덱스-배포-전-cdn-퍼지');
    expect(hits.filter((h) => h.id === '인덱스-배포-전-cdn-퍼지')).toHaveLength(1);
    const again = await callOk(client, 'remember_knowledge', { content: updated, external_id: 'lesson-cdn' }, RememberKnowledgeOutputSchema);
    expect(again.data.status).toBe('unchanged');
  });

  test('a near-duplicate is refused with the similar ids, then saved with force', async () => {
    const body = readFileSync(join(EXAMPLE_CONTENT, 'search/search-particles.md'), 'utf8').replace(/^---[\s\S]*?---\n/, '');
    const before = markdownFiles(content);
    const error = await callError(client, 'remember_knowledge', { content: body, title: '조사 처리 메모', project: 'search' });
    expect(error).toMatch(
      /^Not saved: 1 current document\(s\) are at least 80% similar:\n- search-particles — 조사 처리 규칙 \(similarity (0\.[89]\d\d|1\.000), knowledge:\/\/documents\/search-particles\)\n/,
    );
    expect(markdownFiles(content)).toEqual(before);
    const { data } = await callOk(
      client,
      'remember_knowledge',
      { content: body, title: '조사 처리 메모', project: 'search', force: true },
      RememberKnowledgeOutputSchema,
    );
    expect(data).toMatchObject({ status: 'created', id: '조사-처리-메모' });
    expect(data.similar.map((s) => s.id)).toEqual(['search-particles']);
    expect(data.similar[0]!.similarity).toBeGreaterThanOrEqual(0.8);
  });

  test.each([
    ['project ../', { project: '../escape' }, 'project "../escape" is not a valid project name'],
    ['absolute project', { project: '/tmp/escape' }, 'project "/tmp/escape" is not a valid project name'],
    ['id ../', { id: '../../escape' }, 'id "../../escape" is not a valid document id'],
    ['absolute id', { id: '/etc/escape' }, 'id "/etc/escape" is not a valid document id'],
    [
      'symlinked folder pointing outside',
      { project: 'linked' },
      'Refusing to write "linked/symlink-escape.md": linked is a symlink that leads outside the content folder.',
    ],
  ])('%s is refused and nothing is written', async (_name, args, message) => {
    const before = markdownFiles(content);
    const error = await callError(client, 'remember_knowledge', { content: '경로 탈출 시험 본문, 어디에도 쓰이면 안 된다.', title: 'symlink escape', ...args });
    expect(error).toContain(message);
    expect(markdownFiles(content)).toEqual(before);
    expect(readdirSync(outside)).toEqual([]);
    expect(existsSync(join(tmp, 'escape.md'))).toBe(false);
  });

  test('a file edited on disk is not overwritten, however often the update is retried, until the caller passes its revision', async () => {
    const first = await callOk(
      client,
      'remember_knowledge',
      { content: '# 빌드 캐시 메모\n\n빌드가 느려지면 node_modules/.astro 캐시를 지운다.', project: 'operations', external_id: 'build-cache' },
      RememberKnowledgeOutputSchema,
    );
    const file = join(content, first.data.path);
    const edited = `${readFileSync(file, 'utf8')}\n사람이 고친 줄: 캐시는 CI에서만 지운다.\n`;
    writeFileSync(file, edited);
    const revision = createHash('sha256').update(edited).digest('hex');
    const refusal =
      `Refusing to update "${first.data.path}": the file changed on disk since the server last read or wrote it, so saving would overwrite someone's edit. Nothing was written. ` +
      `The server has re-read the folder: read the document again with read_knowledge, merge your content into it, then call remember_knowledge again with revision: "${revision}" to show you have seen this version. The same call without it is refused again.`;
    const overwrite = { content: '# 빌드 캐시 메모\n\n덮어쓰려는 내용', external_id: 'build-cache' };
    expect(await callError(client, 'remember_knowledge', overwrite)).toBe(refusal);
    // A client's automatic retry sends the same arguments: it must meet the same refusal.
    expect(await callError(client, 'remember_knowledge', overwrite)).toBe(refusal);
    expect(await callError(client, 'remember_knowledge', { ...overwrite, revision: first.data.revision })).toBe(
      refusal.replace(
        'the file changed on disk since the server last read or wrote it',
        `revision "${first.data.revision}" is not the file's current revision (it changed on disk after the version you saw)`,
      ),
    );
    expect(readFileSync(file, 'utf8')).toBe(edited);
    // The server re-read the file, so read_knowledge shows the edit to merge.
    expect((await search('CI에서만 지운다'))[0]?.id).toBe(first.data.id);
    const merged = await callOk(
      client,
      'remember_knowledge',
      { content: '# 빌드 캐시 메모\n\n빌드가 느려지면 캐시를 지운다. 캐시는 CI에서만 지운다.', external_id: 'build-cache', revision },
      RememberKnowledgeOutputSchema,
    );
    expect(merged.data.status).toBe('updated');
    expect(merged.data.revision).toBe(createHash('sha256').update(readFileSync(file, 'utf8')).digest('hex'));
  });

  test('the same call twice gives "unchanged" and the same bytes, the leading heading saved once as the title', async () => {
    const args = { content: '# 롤백 메모\n\n롤백은 이전 dist 폴더를 다시 올리면 된다.', external_id: 'rollback-memo' };
    const created = await callOk(client, 'remember_knowledge', args, RememberKnowledgeOutputSchema);
    expect(created.data.status).toBe('created');
    const file = join(content, created.data.path);
    const text = readFileSync(file, 'utf8');
    expect(text.split('---\n')[2]).toBe('\n롤백은 이전 dist 폴더를 다시 올리면 된다.\n');
    const again = await callOk(client, 'remember_knowledge', args, RememberKnowledgeOutputSchema);
    expect(again.data).toMatchObject({ status: 'unchanged', revision: created.data.revision });
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  test('identifiers in the heading and body keep their underscores and stars in id, title and summary', async () => {
    const { data } = await callOk(
      client,
      'remember_knowledge',
      {
        content: '# `MAX_RESULT_CHARS` 설정\n\nMCP 결과 상한은 `MAX_RESULT_CHARS` 상수(25_000)이고 node_modules 밖에 있다. 2*3*4 = 24.',
        project: 'operations',
      },
      RememberKnowledgeOutputSchema,
    );
    expect(data).toMatchObject({ status: 'created', id: 'max_result_chars-설정', path: 'operations/max_result_chars-설정.md' });
    const lines = readFileSync(join(content, data.path), 'utf8').split('\n');
    expect(lines).toContain('title: MAX_RESULT_CHARS 설정');
    expect(lines).toContain('summary: MCP 결과 상한은 MAX_RESULT_CHARS 상수(25_000)이고 node_modules 밖에 있다. 2*3*4 = 24.');
  });

  test.each([
    [
      'a title with a line break',
      { title: '첫 줄\n둘째 줄' },
      'Nothing was saved. title contains a line break: a title is one line of text (it is shown in lists). Pass it without line breaks.',
    ],
    [
      'a tag of spaces',
      { title: '빈 태그', tags: [' '] },
      'Nothing was saved. tags[0] is empty (" "): a tag needs at least one character other than spaces. Remove it or write the tag.',
    ],
    [
      'an empty tag',
      { title: '빈 태그', tags: [''] },
      'Nothing was saved. tags[0] is empty (""): a tag needs at least one character other than spaces. Remove it or write the tag.',
    ],
    [
      'two tags in one',
      { title: '쉼표 태그', tags: ['배포', 'a,b'] },
      'Nothing was saved. tags[1] "a,b" holds a comma: each tag is one item of the list. Pass ["a","b"] as separate tags.',
    ],
    ['a hashtag', { title: '해시 태그', tags: ['#x'] }, 'Nothing was saved. tags[0] "#x" starts with "#": a tag is written without it. Pass "x".'],
    [
      'a tag with spaces around it',
      { title: '공백 태그', tags: [' x '] },
      'Nothing was saved. tags[0] " x " has spaces at its start or end: tags match exactly. Pass "x".',
    ],
    [
      'a tag with a zero-width space',
      { title: '보이지 않는 태그', tags: ['배\u200B포'] },
      'Nothing was saved. tags[0] "배\u200B포" contains an invisible character (U+200B): it would look like "배포" but match no document tagged so. Write the tag without it.',
    ],
    [
      'a title without id characters',
      { title: '!!!' },
      'Nothing was saved. title "!!!" has no letters or digits to make a document id from. Pass id, e.g. "deploy-rollback-lesson".',
    ],
    [
      'a revision for a document that does not exist',
      { title: '새 문서', external_id: 'never-saved', revision: 'abc' },
      'Nothing was saved: revision is only for updating a document by its external_id, and no document has external_id "never-saved" (it may have been removed). To create a new document, call again without revision.',
    ],
  ])('%s is refused by name and nothing is written', async (_name, args, message) => {
    const before = markdownFiles(content);
    expect(await callError(client, 'remember_knowledge', { content: '입력 검사 시험 본문, 저장되면 안 된다.', ...args })).toBe(message);
    expect(markdownFiles(content)).toEqual(before);
  });

  test('an update cannot move a document to another project; the same project is fine', async () => {
    const args = { content: '# 프로젝트 이동 메모\n\n업데이트는 파일을 다른 폴더로 옮기지 않는다.', project: 'operations', external_id: 'move-memo' };
    const { data } = await callOk(client, 'remember_knowledge', args, RememberKnowledgeOutputSchema);
    const text = readFileSync(join(content, data.path), 'utf8');
    expect(await callError(client, 'remember_knowledge', { ...args, project: 'search' })).toBe(
      'Nothing was saved: project "search" differs from the document\'s project "operations", and an update cannot move "operations/프로젝트-이동-메모.md" to another project. ' +
        'Leave project out (or pass "operations") to update it in place; to move it, ask the user to move the file in Git and change its project field.',
    );
    expect(readFileSync(join(content, data.path), 'utf8')).toBe(text);
    expect(existsSync(join(content, 'search/프로젝트-이동-메모.md'))).toBe(false);
    expect((await callOk(client, 'remember_knowledge', args, RememberKnowledgeOutputSchema)).data.status).toBe('unchanged');
  });
});

describe('after a write', () => {
  test('the prompt list of the open connection follows the rebuilt set', async () => {
    expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(['wiki_briefing']);
    const file = join(content, 'operations/writing-guide.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^---\n/, '---\nprompt: true\n'));
    await callOk(
      client,
      'remember_knowledge',
      { content: '# 프롬프트 목록 갱신 메모\n\n쓰기 뒤에는 열린 연결의 프롬프트 목록도 바뀐다.', project: 'operations' },
      RememberKnowledgeOutputSchema,
    );
    await search('프롬프트 목록 갱신');
    expect((await client.listPrompts()).prompts.map((p) => p.name).sort()).toEqual(['wiki_briefing', 'writing-guide']);
    expect((await client.getPrompt({ name: 'writing-guide' })).messages[0]!.content).toMatchObject({ type: 'text', text: expect.stringContaining('## ') });
  });
});

describe('remember_knowledge options', () => {
  test('over HTTP without bearer tokens the server refuses to start', () => {
    const env = { ...process.env };
    delete env.MARU_MCP_TOKENS;
    const run = spawnSync(process.execPath, [join(ROOT, 'mcp/cli.ts'), '--artifacts', dist, '--http', '--port', '0', '--allow-write', content], {
      cwd: ROOT,
      encoding: 'utf8',
      input: '',
      env,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      'maru-mcp: --allow-write over HTTP needs bearer tokens: anyone who can reach the port could write into the content folder. Set MARU_MCP_TOKENS or --tokens-file, or use --allow-write with stdio only.',
    );
  });

  test('over HTTP with a bearer token the tool is served and writes', async () => {
    const child = spawn(process.execPath, [join(ROOT, 'mcp/cli.ts'), '--artifacts', dist, '--http', '--port', '0', '--no-watch', '--allow-write', content], {
      cwd: ROOT,
      env: { ...process.env, MARU_MCP_TOKENS: 'sesame' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    try {
      const url = await new Promise<string>((done, reject) => {
        let err = '';
        child.stderr.on('data', (c: Buffer) => {
          err += c.toString();
          const m = /MCP at (http:\/\/\S+\/mcp)/.exec(err);
          if (m) done(m[1]!);
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${err}`)));
      });
      const http = await connectHttp(url, 'legacy', { authorization: 'Bearer sesame' });
      const { data } = await callOk(
        http,
        'remember_knowledge',
        { content: '# HTTP로 저장한 메모\n\n토큰이 있을 때만 쓰기 도구가 열린다.', project: 'operations' },
        RememberKnowledgeOutputSchema,
      );
      expect(data.status).toBe('created');
      expect(existsSync(join(content, data.path))).toBe(true);
      await http.close();
    } finally {
      child.kill('SIGTERM');
    }
  });

  test('--git commits the saved file on maru/remember-<id> without touching the working branch', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'maru-remember-git-'));
    const git = (...args: string[]) =>
      execFileSync('git', args, {
        cwd: repo,
        encoding: 'utf8',
        env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' },
      }).trim();
    cpSync(join(EXAMPLE_CONTENT, 'search'), join(repo, 'search'), { recursive: true });
    git('init', '-q', '-b', 'main');
    git('add', '.');
    git('commit', '-q', '-m', 'init');
    const gitClient = await connectStdio(dist, 'legacy', ['--allow-write', repo, '--git', '--no-watch']);
    const { data } = await callOk(
      gitClient,
      'remember_knowledge',
      { content: '# 깃 브랜치 메모\n\n리뷰를 거치도록 브랜치에 커밋한다.', project: 'search' },
      RememberKnowledgeOutputSchema,
    );
    await gitClient.close();
    expect(data.branch).toBe('maru/remember-깃-브랜치-메모');
    expect(git('rev-parse', '--abbrev-ref', 'HEAD')).toBe('main');
    expect(git('show', '--name-only', '--format=%s', 'maru/remember-깃-브랜치-메모').split('\n').filter(Boolean)).toEqual([
      'Add 깃-브랜치-메모 (remember_knowledge)',
      '"search/\\352\\271\\203-\\353\\270\\214\\353\\236\\234\\354\\271\\230-\\353\\251\\224\\353\\252\\250.md"',
    ]);
    expect(git('status', '--porcelain')).toBe('?? "search/\\352\\271\\203-\\353\\270\\214\\353\\236\\234\\354\\271\\230-\\353\\251\\224\\353\\252\\250.md"');
    removeDir(repo);
  });
});
