import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { openOutputMirror } from './output-mirror.ts';

/** Places `files` into a fresh output folder through a mirror at `mirrorDir`, as one build does. */
function build(mirrorDir: string, files: Record<string, string | Uint8Array>, parent = tmpdir()) {
  const out = mkdtempSync(join(parent, 'maru-mirror-out-'));
  const mirror = openOutputMirror(mirrorDir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(out, path, '..'), { recursive: true });
    mirror.place(join(out, path), path, text);
  }
  const removed = mirror.prune();
  return { out, counts: { ...mirror.counts }, removed };
}

const read = (out: string, path: string) => readFileSync(join(out, path), 'utf8');
const inode = (file: string) => statSync(file).ino;

describe('openOutputMirror', () => {
  const first = { '_wiki/docs/a.md': '# 가\n', '_wiki/docs/b.md': '# 나\n', '_wiki/search/split/base.json': '{"v":1}\n', 'llms.txt': '위키\n' };

  test('a rebuild links the unchanged files from the last build and writes only the changed one', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'maru-mirror-')), 'output');
    const one = build(dir, first);
    expect(one.counts).toEqual({ linked: 0, written: 4 });
    const two = build(dir, { ...first, '_wiki/docs/b.md': '# 나, 고침\n' });
    expect(two.counts).toEqual({ linked: 3, written: 1 });
    expect(read(two.out, '_wiki/docs/b.md')).toBe('# 나, 고침\n');
    expect(read(two.out, '_wiki/docs/a.md')).toBe('# 가\n');
    // One file on disk for both outputs and the mirror: no new inode for an unchanged artifact.
    expect(inode(join(two.out, '_wiki/docs/a.md'))).toBe(inode(join(one.out, '_wiki/docs/a.md')));
    expect(statSync(join(two.out, 'llms.txt')).nlink).toBe(3);
    // The earlier output keeps its own bytes: a changed file is a new file, never the old one written over.
    expect(read(one.out, '_wiki/docs/b.md')).toBe('# 나\n');
  });

  test('bytes (a gzip copy) are linked when they are the same bytes, written when they differ', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'maru-mirror-')), 'output');
    const gz = (text: string) => new Uint8Array(gzipSync(text));
    build(dir, { ...first, '_wiki/search/split/base.json.gz': gz('{"v":1}\n') });
    const same = build(dir, { ...first, '_wiki/search/split/base.json.gz': gz('{"v":1}\n') });
    expect(same.counts).toEqual({ linked: 5, written: 0 });
    const changed = build(dir, { ...first, '_wiki/search/split/base.json.gz': gz('{"v":2}\n') });
    expect(changed.counts).toEqual({ linked: 4, written: 1 });
    expect(gunzipSync(readFileSync(join(changed.out, '_wiki/search/split/base.json.gz'))).toString()).toBe('{"v":2}\n');
    // Given as a function with a check of the last build's file, the bytes are made only when that check fails.
    const made: string[] = [];
    const lazily = (text: string) => {
      const out = mkdtempSync(join(tmpdir(), 'maru-mirror-out-'));
      const mirror = openOutputMirror(dir);
      mkdirSync(join(out, '_wiki/search/split'), { recursive: true });
      const inflates = (kept: Buffer) => gunzipSync(kept).toString() === text;
      mirror.place(join(out, '_wiki/search/split/base.json.gz'), '_wiki/search/split/base.json.gz', () => (made.push(text), gz(text)), inflates);
      return { ...mirror.counts };
    };
    expect(lazily('{"v":2}\n')).toEqual({ linked: 1, written: 0 });
    expect(lazily('{"v":3}\n')).toEqual({ linked: 0, written: 1 });
    expect(made).toEqual(['{"v":3}\n']);
  });

  test('a mirror file changed in place (through a link in an output) is not trusted: the output gets the right bytes', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'maru-mirror-')), 'output');
    const one = build(dir, first);
    // Someone edits the deployed output in place, which edits the mirror's file too (same length, other bytes).
    writeFileSync(join(one.out, '_wiki/docs/a.md'), '# 다\n');
    const two = build(dir, first);
    expect(two.counts).toEqual({ linked: 3, written: 1 });
    expect(read(two.out, '_wiki/docs/a.md')).toBe('# 가\n');
    expect(build(dir, first).counts).toEqual({ linked: 4, written: 0 });
  });

  test('prune removes what the mirror holds of files the build no longer has', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'maru-mirror-')), 'output');
    build(dir, first);
    const { '_wiki/docs/b.md': _gone, ...rest } = first;
    const two = build(dir, rest);
    expect(two.removed).toBe(1);
    expect(existsSync(join(dir, '_wiki/docs/b.md'))).toBe(false);
    expect(readdirSync(join(dir, '_wiki/docs'))).toEqual(['a.md']);
    expect(existsSync(join(two.out, '_wiki/docs/b.md'))).toBe(false);
  });

  test('a file already at the target is replaced, and the mirror file it was linked to keeps its bytes', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'maru-mirror-')), 'output');
    const one = build(dir, first);
    // The same output folder built again (the main thread writes straight into dist/), with one file changed.
    const mirror = openOutputMirror(dir);
    for (const [path, text] of Object.entries({ ...first, 'llms.txt': '위키, 새 판\n' })) mirror.place(join(one.out, path), path, text);
    expect(mirror.counts).toEqual({ linked: 3, written: 1 });
    expect(read(one.out, 'llms.txt')).toBe('위키, 새 판\n');
    expect(read(one.out, '_wiki/docs/a.md')).toBe('# 가\n');
    expect(readFileSync(join(dir, 'llms.txt'), 'utf8')).toBe('위키, 새 판\n');
  });

  // /dev/shm is a tmpfs on Linux, another mount than the temporary folder: a link between them fails with EXDEV.
  test.runIf(existsSync('/dev/shm'))('where links are not possible (the mirror on another file system), every file is written', () => {
    const dir = join(mkdtempSync(join('/dev/shm', 'maru-mirror-')), 'output');
    const one = build(dir, first);
    const two = build(dir, first);
    expect(one.counts.linked + two.counts.linked).toBe(0);
    expect(two.counts.written).toBe(4);
    for (const [path, text] of Object.entries(first)) expect(read(two.out, path)).toBe(text);
  });
});
