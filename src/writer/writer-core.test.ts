// The write path keeps parsed files and index contributions in memory between saves; what it serves after a save must
// be exactly what a build of the folder from scratch emits.
import { cpSync, mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EXAMPLE_CONTENT, removeDir } from '../../test/mcp/helpers.ts';
import { readSnapshot, snapshotFiles } from './snapshot.ts';
import { openWriterCore } from './writer-core.ts';

let tmp: string;
let root: string;

beforeAll(() => {
  tmp = realpathSync(mkdtempSync(join(tmpdir(), 'maru-core-')));
  root = join(tmp, 'content');
  cpSync(EXAMPLE_CONTENT, root, { recursive: true });
});

afterAll(() => removeDir(tmp));

describe('openWriterCore', () => {
  test('after saves and an update, the served artifacts are byte for byte those of a build from scratch', async () => {
    const core = openWriterCore(root, '/', { log: () => undefined });
    const save = (content: string, externalId: string) => core.remember({ content, externalId, project: 'ops', force: true }, '/', () => undefined);
    expect((await save('# 캐시 비우기 순서\n\n새 인덱스를 올린 다음 CDN 캐시를 비운다.\n', 'cache-order')).status).toBe('created');
    expect((await save('# 롤백 절차\n\n이전 빌드를 다시 올리고 [[캐시-비우기-순서]]대로 캐시를 비운다.\n', 'rollback')).status).toBe('created');
    expect((await save('# 캐시 비우기 순서\n\n새 인덱스를 올린 다음 CDN 캐시를 비우고, 응답 코드 202를 확인한다.\n', 'cache-order')).status).toBe('updated');
    const served = core.takeRefreshed();
    expect(served && 'files' in served).toBe(true);
    const scratch = snapshotFiles(readSnapshot(root, '/'), root);
    const files = (served as { files: ReadonlyMap<string, string> }).files;
    expect([...files.keys()].sort()).toEqual([...scratch.keys()].sort());
    for (const [path, text] of scratch) expect(files.get(path), path).toBe(text);
    expect(JSON.parse(files.get('_wiki/manifest.json')!).documentCount).toBe(JSON.parse(scratch.get('_wiki/manifest.json')!).documentCount);
  });
});
