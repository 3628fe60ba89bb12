import { mkdirSync, mkdtempSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir } from '../../test/mcp/helpers.ts';
import { sha256 } from '../node/hash.ts';
import { openContentRoot, replaceFile, resolveTarget, writeNewFile } from './content-root.ts';

let tmp: string;
let root: string;

beforeAll(async () => {
  tmp = realpathSync(mkdtempSync(join(tmpdir(), 'maru-root-')));
  mkdirSync(join(tmp, 'content/search'), { recursive: true });
  mkdirSync(join(tmp, 'outside'));
  writeFileSync(join(tmp, 'outside/secret.md'), 'secret');
  symlinkSync(join(tmp, 'outside'), join(tmp, 'content/out'));
  symlinkSync('search', join(tmp, 'content/alias'));
  symlinkSync(join(tmp, 'outside/secret.md'), join(tmp, 'content/search/link.md'));
  root = await openContentRoot(join(tmp, 'content'));
});

afterAll(() => removeDir(tmp));

describe('resolveTarget', () => {
  test('creates missing folders inside the root and follows symlinks that stay inside', async () => {
    expect(await resolveTarget(root, 'new/deep/a.md')).toBe(join(root, 'new/deep/a.md'));
    expect(await resolveTarget(root, 'alias/a.md')).toBe(join(root, 'search/a.md'));
  });

  test.each([
    [
      '../outside/x.md',
      'Refusing to write "../outside/x.md": the path must be relative, end in .md and stay inside the content folder (no "..", no absolute paths).',
    ],
    ['/etc/x.md', 'Refusing to write "/etc/x.md": the path must be relative, end in .md and stay inside the content folder (no "..", no absolute paths).'],
    ['out/x.md', 'Refusing to write "out/x.md": out is a symlink that leads outside the content folder.'],
    ['search/link.md', 'Refusing to write "search/link.md": the file is a symlink; edit the file it points to by hand.'],
  ])('%s is refused', async (rel, message) => {
    await expect(resolveTarget(root, rel)).rejects.toThrow(message);
  });

  test('a missing content folder names the flag and the fix', async () => {
    await expect(openContentRoot(join(tmp, 'nope'))).rejects.toThrow(
      `--allow-write ${join(tmp, 'nope')}: the content folder does not exist or is not a folder. Pass the wiki's content folder (e.g. ./content).`,
    );
  });
});

describe('writing', () => {
  test('a new file never replaces an existing one', async () => {
    await writeNewFile(root, 'search/n.md', 'one');
    await expect(writeNewFile(root, 'search/n.md', 'two')).rejects.toThrow('Refusing to create "search/n.md": a file already exists there.');
    expect(readFileSync(join(root, 'search/n.md'), 'utf8')).toBe('one');
  });

  test('a replace happens only while the file still has the hash the server read', async () => {
    await writeNewFile(root, 'search/r.md', 'v1');
    await replaceFile(root, 'search/r.md', 'v2', sha256('v1'));
    expect(readFileSync(join(root, 'search/r.md'), 'utf8')).toBe('v2');
    await expect(replaceFile(root, 'search/r.md', 'v3', sha256('v1'))).rejects.toThrow(
      `Refusing to update "search/r.md": the file changed on disk since the server last read or wrote it, so saving would overwrite someone's edit. Nothing was written. ` +
        `The server has re-read the folder: read the document again with read_knowledge, merge your content into it, then call remember_knowledge again with revision: "${sha256('v2')}" to show you have seen this version. The same call without it is refused again.`,
    );
    expect(readFileSync(join(root, 'search/r.md'), 'utf8')).toBe('v2');
    expect(readFileSync(join(tmp, 'outside/secret.md'), 'utf8')).toBe('secret');
  });
});
