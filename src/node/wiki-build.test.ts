import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { gzipCopyOf, isPrecompressed } from '../lib/search/precompressed.ts';
import { parsedTrees } from './parsed-trees.ts';
import { resolveSiteConfig } from '../lib/wiki/config.ts';
import { openParseCache } from './parse-cache.ts';
import { artifactStage, collectWiki, collectWikiInParallel, emitArtifacts, moveArtifacts, startEmitWorker, siteConfig } from './wiki-build.ts';

const config = resolveSiteConfig({ title: '테스트 위키', categories: ['concept', 'guide'] });

/** A content folder of `count` linked documents, Korean-heavy, with headings, tables and lists. */
function contentFolder(count: number): string {
  const root = mkdtempSync(join(tmpdir(), 'maru-parallel-'));
  for (let i = 0; i < count; i++) {
    const dir = join(root, `p${i % 3}`);
    mkdirSync(dir, { recursive: true });
    const sections = Array.from(
      { length: 8 },
      (_, s) => `## 절 ${s}\n\n상태를 바꾸면 **다시 렌더링**됩니다. [[doc-${(i + 1) % count}]] 참고.\n\n| 열 | 값 |\n| --- | --- |\n| a | ${s} |\n`,
    );
    writeFileSync(
      join(dir, `doc-${i}.md`),
      `---\nid: doc-${i}\ntitle: 문서 ${i}\ncategory: ${i % 2 ? 'guide' : 'concept'}\ntags: [t${i % 5}]\n---\n\n${sections.join('\n')}`,
    );
  }
  return root;
}

describe('collectWikiInParallel', () => {
  test('parses on a worker and this thread and builds the wiki, cache and trees exactly as one thread does', async () => {
    const root = contentFolder(600);
    const cacheOf = () => mkdtempSync(join(tmpdir(), 'maru-parallel-cache-'));
    const trees = parsedTrees();
    const seen = { main: 0, worker: 0 };
    const sink = {
      keep: (path: string, parsed: Parameters<typeof trees.keep>[1]) => void (seen.main++, trees.keep(resolve(root, path), parsed)),
      keepSerialized: (path: string, parsed: Parameters<typeof trees.keepSerialized>[1]) =>
        void (seen.worker++, trees.keepSerialized(resolve(root, path), parsed)),
    };
    const parallelDir = cacheOf();
    const parallelCache = openParseCache(parallelDir, 'code');
    const parallel = await collectWikiInParallel(root, config, '/', parallelCache, sink, { threads: 1, minFiles: 2 });
    parallelCache.save();
    const sequential = collectWiki(root, config, '/', undefined, openParseCache(cacheOf(), 'code'));
    expect(JSON.parse(JSON.stringify(parallel.wiki))).toEqual(JSON.parse(JSON.stringify(sequential.wiki)));
    expect(parallel.key).toBe(sequential.key);
    expect(parallel.wiki!.documents).toHaveLength(600);
    // Every file was parsed once, by one of the two threads, and counted as parsed; its tree waits for the renderer.
    expect(seen.main + seen.worker).toBe(600);
    expect(seen.worker).toBeGreaterThan(0);
    expect([parallelCache.hits, parallelCache.misses]).toEqual([0, 600]);
    expect(trees.counts).toEqual({ reused: 0, parsed: 0 });
    // The next build finds every file in the cache and parses nothing.
    const next = openParseCache(parallelDir, 'code');
    const again = await collectWikiInParallel(root, config, '/', next, sink, { threads: 1, minFiles: 2 });
    expect([next.hits, next.misses]).toEqual([600, 0]);
    expect(seen.main + seen.worker).toBe(600);
    expect(JSON.parse(JSON.stringify(again.wiki))).toEqual(JSON.parse(JSON.stringify(sequential.wiki)));
    // Without a cache (`npm run check`), every file is parsed ahead, with the same wiki.
    const uncached = await collectWikiInParallel(root, config, '/', undefined, undefined, { threads: 1, minFiles: 2 });
    expect(JSON.parse(JSON.stringify(uncached.wiki))).toEqual(JSON.parse(JSON.stringify(sequential.wiki)));
  });
});

describe('startEmitWorker', () => {
  /** Every file under `dir`, by path relative to it, as `emitArtifacts` keys them; a gzip copy by the text it inflates to. */
  function filesUnder(dir: string): Map<string, string> {
    const paths = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((p) => statSync(join(dir, p)).isFile());
    const text = (p: string) => (p.endsWith('.gz') ? gunzipSync(readFileSync(join(dir, p))).toString('utf8') : readFileSync(join(dir, p), 'utf8'));
    return new Map(paths.sort().map((p) => [p.split(sep).join('/'), text(p)]));
  }
  /** The files a build writes for `files`: each, and a gzip copy beside each of the search's files. */
  const written = (files: Map<string, string>) =>
    new Map([...files, ...[...files].filter(([p]) => isPrecompressed(p)).map(([p, t]): [string, string] => [gzipCopyOf(p), t])]);
  const sorted = (files: Map<string, string>) => new Map([...written(files)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

  test('writes on a worker thread exactly the artifacts emitArtifacts makes here; moveArtifacts puts them in the output', async () => {
    const root = contentFolder(40);
    const wiki = collectWiki(root, config, '/').wiki!;
    const here = emitArtifacts(wiki, siteConfig(), root);
    const stage = join(mkdtempSync(join(tmpdir(), 'maru-stage-')), 'artifacts');
    const staged = await startEmitWorker(root).emit(wiki, stage);
    expect(staged.count).toBe(here.files.size);
    expect(staged.catalogJson).toBe(`${JSON.stringify(here.catalog)}\n`);
    expect(filesUnder(stage)).toEqual(sorted(here.files));
    // Into an output that already holds pages: the pages stay, the artifacts arrive, the staging folder goes.
    const out = mkdtempSync(join(tmpdir(), 'maru-out-'));
    writeFileSync(join(out, 'index.html'), '<h1>위키</h1>');
    moveArtifacts(stage, out);
    expect(existsSync(stage)).toBe(false);
    expect(filesUnder(out)).toEqual(sorted(new Map([...here.files, ['index.html', '<h1>위키</h1>']])));
    // With the index cache: the first emit tokenizes every document, the next none, and the files stay the same.
    const cache = { dir: mkdtempSync(join(tmpdir(), 'maru-emit-cache-')), code: 'code' };
    const cold = await startEmitWorker(root, cache).emit(wiki, stage);
    const warm = await startEmitWorker(root, cache).emit(wiki, stage);
    expect([cold.tokenized, warm.tokenized]).toEqual([
      { documents: 40, of: 40 },
      { documents: 0, of: 40 },
    ]);
    expect(filesUnder(stage)).toEqual(sorted(here.files));
    // The second build links every file from the first's (output-mirror.ts); the first had none to link.
    expect([cold.linked, warm.linked]).toEqual([0, written(here.files).size]);
  });

  test('moveArtifacts copies when the staging folder is on another file system than the output', async () => {
    const root = contentFolder(5);
    const wiki = collectWiki(root, config, '/').wiki!;
    const here = emitArtifacts(wiki, siteConfig(), root);
    // /dev/shm is a tmpfs on Linux, the temporary folder usually the disk: a rename between them fails with EXDEV.
    const stage = join(mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'maru-stage-')), 'artifacts');
    await startEmitWorker(root).emit(wiki, stage);
    const out = mkdtempSync(join(tmpdir(), 'maru-out-'));
    moveArtifacts(stage, out);
    expect(existsSync(stage)).toBe(false);
    expect(filesUnder(out)).toEqual(sorted(here.files));
  });

  test('a thread started ahead of a wiki that never comes (a build stopped on a content error) keeps no process alive', () => {
    const cache = mkdtempSync(join(tmpdir(), 'maru-idle-emitter-'));
    // A file, not `--eval`: the thread inherits the process's flags, and `--input-type` would stop it at once.
    const script = join(cache, 'start.mjs');
    writeFileSync(
      script,
      `import { startEmitWorker } from ${JSON.stringify(resolve(import.meta.dirname, 'wiki-build.ts'))};\nstartEmitWorker('/nonexistent', { dir: ${JSON.stringify(cache)}, code: 'c' });\nconsole.log('started');\n`,
    );
    const run = spawnSync(process.execPath, [script], { encoding: 'utf8', timeout: 30_000 });
    expect(run.signal).toBeNull();
    expect([run.status, run.stdout.trim()]).toEqual([0, 'started']);
  });

  test("artifactStage names this process's folder and removes those a killed build left", () => {
    const dir = mkdtempSync(join(tmpdir(), 'maru-stages-'));
    // A pid far above any Linux pid_max, so no process has it.
    mkdirSync(join(dir, 'artifacts-99999999', '_wiki'), { recursive: true });
    mkdirSync(join(dir, `artifacts-${process.ppid}`));
    mkdirSync(join(dir, 'maru'));
    expect(artifactStage(dir)).toBe(join(dir, `artifacts-${process.pid}`));
    expect(readdirSync(dir).sort()).toEqual([`artifacts-${process.ppid}`, 'maru']);
  });
});
