import { mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { buildStaged, outDirOf, withOutDir } from './staged-output.ts';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** An output folder holding a last good build (and a Git checkout, as for a gh-pages branch). */
function lastGoodBuild(): { parent: string; target: string } {
  const parent = mkdtempSync(join(tmpdir(), 'maru-staged-'));
  made.push(parent);
  const target = join(parent, 'dist');
  mkdirSync(join(target, '_wiki'), { recursive: true });
  mkdirSync(join(target, '.git'));
  writeFileSync(join(target, 'index.html'), 'old');
  writeFileSync(join(target, '_wiki/catalog.json'), 'old');
  return { parent, target };
}

describe('buildStaged', () => {
  test('a build that fails halfway leaves the last good output as it was, and nothing beside it', () => {
    const { parent, target } = lastGoodBuild();
    const ok = buildStaged(target, (out) => {
      mkdirSync(out);
      writeFileSync(join(out, 'index.html'), 'half');
      return false;
    });
    expect(ok).toBe(false);
    expect(readdirSync(target).sort()).toEqual(['.git', '_wiki', 'index.html']);
    expect(readFileSync(join(target, '_wiki/catalog.json'), 'utf8')).toBe('old');
    expect(readdirSync(parent)).toEqual(['dist']);
  });

  test('a build that throws leaves it too', () => {
    const { target } = lastGoodBuild();
    expect(() =>
      buildStaged(target, () => {
        throw new Error('spawn failed');
      }),
    ).toThrow('spawn failed');
    expect(readFileSync(join(target, 'index.html'), 'utf8')).toBe('old');
  });

  test('a build that succeeds replaces the output whole and keeps its .git', () => {
    const { parent, target } = lastGoodBuild();
    const ok = buildStaged(target, (out) => {
      mkdirSync(out);
      writeFileSync(join(out, 'index.html'), 'new');
      return true;
    });
    expect(ok).toBe(true);
    expect(readdirSync(target).sort()).toEqual(['.git', 'index.html']);
    expect(readFileSync(join(target, 'index.html'), 'utf8')).toBe('new');
    expect(readdirSync(parent)).toEqual(['dist']);
  });

  test('a last good output a killed build had put aside goes back in place', () => {
    const { parent, target } = lastGoodBuild();
    renameSync(target, join(parent, '.dist.maru-previous'));
    buildStaged(target, () => false);
    expect(readdirSync(parent)).toEqual(['dist']);
    expect(readFileSync(join(target, 'index.html'), 'utf8')).toBe('old');
  });
});

describe('the output folder of astro build arguments', () => {
  test.each([
    [['--outDir', '/srv/site'], '/srv/site'],
    [['--outDir=out'], '/work/x/out'],
    [['--root', 'sub', '--outDir', 'out'], '/work/x/sub/out'],
    [[], '/work/x/dist'],
  ])('%j → %s', (args, expected) => {
    expect(outDirOf(args, '/work/x')).toBe(expected);
  });

  test('is replaced by the staging folder, other arguments kept', () => {
    expect(withOutDir(['--root', 'r', '--outDir', 'a', '--force', '--outDir=b'], '/s')).toEqual(['--root', 'r', '--force', '--outDir', '/s']);
  });
});
