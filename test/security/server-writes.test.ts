// Finding 8: remember_knowledge runs the build's own checks on the new document before writing (refusing with the
// build's messages), the build reports a duplicate external_id naming both files, and two server processes on one
// folder cannot both create a document for one external_id.
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildArtifacts } from '../../src/node/wiki-build.ts';
import { buildFixture, callError, connectStdio, EXAMPLE_CONTENT, removeDir, ROOT, textOf } from '../mcp/helpers.ts';

let tmp: string;
let content: string;
let dist: string;
let client: Client;

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .sort();
}

/** The error lines `npm run build` prints for `content` plus one extra file (without the summary line). */
function buildErrorsWith(extraPath: string, extraText: string): string[] {
  const copy = mkdtempSync(join(tmpdir(), 'maru-would-be-'));
  cpSync(content, copy, { recursive: true });
  writeFileSync(join(copy, extraPath), extraText);
  try {
    buildArtifacts(copy, mkdtempSync(join(tmpdir(), 'maru-would-be-out-')));
    return [];
  } catch (e) {
    return (e as Error).message
      .split('\n')
      .slice(1)
      .map((l) => l.replace(`${copy}/`, '').replace(/^.*?(?=[^/\s]+\/[^/\s]+\.md:)/, ''));
  } finally {
    removeDir(copy);
  }
}

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'maru-writes-'));
  content = join(tmp, 'content');
  cpSync(EXAMPLE_CONTENT, content, { recursive: true });
  dist = buildFixture(content);
  client = await connectStdio(dist, 'legacy', ['--allow-write', content, '--no-watch']);
});

afterAll(async () => {
  await client?.close();
  removeDir(tmp);
  removeDir(dist);
});

describe('remember_knowledge validates like the build', () => {
  test('a [[wiki link]] that points nowhere is refused with the build message, and nothing is written', async () => {
    const before = markdownFiles(content);
    const body = '# 끊긴 링크 메모\n\n자세한 내용은 [[없는-문서-12345]]를 보라.\n';
    const message = await callError(client, 'remember_knowledge', { content: body, project: 'operations', category: 'guide' });
    expect(message).toMatch(/^Nothing was saved: the wiki would not build with this document\./);
    expect(message).toContain('없는-문서-12345');
    // The same line the build prints for that file.
    const buildLines = buildErrorsWith(
      'operations/끊긴-링크-메모.md',
      readFileSync(join(content, 'operations/writing-guide.md'), 'utf8').replace(
        /^---\n[\s\S]*?\n---\n/,
        '---\nid: 끊긴-링크-메모\ntitle: 끊긴 링크 메모\nproject: operations\ncategory: guide\n---\n',
      ) + '\n[[없는-문서-12345]]\n',
    );
    const linkLine = buildLines.find((l) => l.includes('없는-문서-12345'));
    expect(linkLine).toBeDefined();
    expect(message).toContain(linkLine!.slice(linkLine!.indexOf(' link: ')));
    expect(markdownFiles(content)).toEqual(before);
    // The folder still builds for everyone.
    expect(() => buildArtifacts(content, mkdtempSync(join(tmp, 'out-')))).not.toThrow();
  });

  test('only the link that points nowhere is named; a link to an existing id is fine', async () => {
    const message = await callError(client, 'remember_knowledge', { content: '# 링크 두 개\n\n[[deploy]] 와 [[없는-다른-문서]]\n', project: 'operations' });
    expect(message).toContain('없는-다른-문서');
    expect(message).not.toContain('"deploy"');
  });

  test('a body of 3,000 nested images, which would hold the server for minutes, is refused naming its line; nothing is written', async () => {
    const before = markdownFiles(content);
    const body = `# 그림 더미\n\n${'!['.repeat(3000)}a${'](x)'.repeat(3000)}\n`;
    const message = await callError(client, 'remember_knowledge', { content: body, project: 'operations', category: 'guide' });
    expect(message).toBe(
      'Nothing was saved: line 3 of content: 한 문단 안에서 링크·이미지의 [ 괄호가 3000단계로 중첩되어 있습니다 (최대 100단계: 더 깊으면 Markdown 해석이 멈춘 것처럼 느려집니다). ' +
        '중첩을 줄이거나, 글자로 쓴 괄호는 \\[ 처럼 이스케이프하세요.',
    );
    expect(markdownFiles(content)).toEqual(before);
  });
});

describe('external_id is unique across the wiki', () => {
  test('the build reports a duplicate external_id as an error naming both files', () => {
    const copy = join(tmp, 'dup-content');
    cpSync(EXAMPLE_CONTENT, copy, { recursive: true });
    const doc = (id: string) => `---\nid: ${id}\ntitle: ${id} 문서\nproject: operations\ncategory: guide\nexternal_id: same-key\n---\n\n${id} 본문.\n`;
    writeFileSync(join(copy, 'operations/dup-a.md'), doc('dup-a'));
    writeFileSync(join(copy, 'operations/dup-b.md'), doc('dup-b'));
    let message = '';
    try {
      buildArtifacts(copy, mkdtempSync(join(tmp, 'out-')));
    } catch (e) {
      message = (e as Error).message;
    }
    const line = message.split('\n').find((l) => l.includes('external_id'));
    expect(line).toBeDefined();
    expect(line).toMatch(/operations\/dup-b\.md:\d+ external_id: .*same-key.*operations\/dup-a\.md:\d+/);
  });

  test('two server processes on one folder, one external_id, called at once: only one document is created', async () => {
    const shared = join(tmp, 'shared-content');
    cpSync(EXAMPLE_CONTENT, shared, { recursive: true });
    const sharedDist = buildFixture(shared);
    const clients: Client[] = [];
    try {
      for (let i = 0; i < 2; i++) {
        const transport = new StdioClientTransport({
          command: process.execPath,
          args: [join(ROOT, 'mcp/cli.ts'), '--artifacts', sharedDist, '--allow-write', shared, '--no-watch'],
          cwd: ROOT,
          stderr: 'pipe',
        });
        const c = new Client({ name: `writer-${i}`, version: '1' });
        await c.connect(transport);
        clients.push(c);
      }
      const results = await Promise.all(
        clients.map((c, i) =>
          c.callTool({
            name: 'remember_knowledge',
            arguments: {
              content: `# 동시 쓰기 ${i}번 메모\n\n프로세스 ${i}가 같은 키로 저장한 ${i === 0 ? '사과' : '바나나'} 내용.\n`,
              project: 'operations',
              external_id: 'race-key',
            },
          }),
        ),
      );
      const statuses = results.map((r) => (r.isError ? 'refused' : (r.structuredContent as { status: string }).status));
      expect(statuses.filter((s) => s === 'created')).toHaveLength(1);
      const withKey = markdownFiles(shared).filter((f) => /external_id: "?race-key"?/.test(readFileSync(join(shared, f), 'utf8')));
      expect(withKey).toHaveLength(1);
      const loser = results.find((r) => r.isError || (r.structuredContent as { status: string }).status !== 'created');
      // Refused as a duplicate key, as changed on disk, or because the other process held the lock past the wait.
      if (loser?.isError) expect(textOf(loser)).toMatch(/race-key|changed|another writer/i);
      expect(() => buildArtifacts(shared, mkdtempSync(join(tmp, 'out-')))).not.toThrow();
    } finally {
      await Promise.all(clients.map((c) => c.close()));
      removeDir(sharedDist);
    }
  }, 180_000); // two builds and two server starts: minutes when the machine is busy
});

describe('remember_knowledge arguments are bounded (finding 4)', () => {
  test('every string and array argument has a maximum that its description states', async () => {
    const { tools } = await client.listTools();
    const schema = tools.find((t) => t.name === 'remember_knowledge')!.inputSchema as {
      properties: Record<string, { type?: string; maxLength?: number; maxItems?: number; description?: string }>;
    };
    const unbounded = Object.entries(schema.properties).filter(
      ([, v]) => (v.type === 'string' && v.maxLength === undefined) || (v.type === 'array' && v.maxItems === undefined),
    );
    expect(unbounded).toEqual([]);
    const undocumented = Object.entries(schema.properties).filter(
      ([, v]) => (v.maxLength ?? v.maxItems) !== undefined && !(v.description ?? '').replaceAll(',', '').includes(String(v.maxLength ?? v.maxItems)),
    );
    expect(undocumented.map(([k]) => k)).toEqual([]);
  });
});
