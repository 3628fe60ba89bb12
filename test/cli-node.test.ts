// The Node version and the release, each said once: for the Node, `engines` of both packages, the check `maru` runs first, the
// Node this repository pins for itself, and what the dependencies it ships with ask for.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MARU_VERSION } from '../src/lib/artifacts/schema.ts';
import { ROOT } from './helpers/astro.ts';

const json = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as Record<string, unknown>;
const pkg = json('package.json') as { engines: { node: string }; devDependencies: Record<string, string> };
const lock = json('package-lock.json') as { packages: Record<string, { version?: string; dev?: boolean; optional?: boolean; engines?: { node?: string } }> };

/** The oldest Node `bin/maru.ts` accepts, as written there (`NODE_MIN`). */
function nodeMin(): string {
  const m = /const NODE_MIN = \[(\d+), (\d+)\] as const;/.exec(readFileSync(join(ROOT, 'bin/maru.ts'), 'utf8'));
  if (!m) throw new Error('bin/maru.ts: no `const NODE_MIN = [major, minor] as const;`');
  return `${m[1]}.${m[2]}`;
}

/**
 * Whether `version` (x.y.z) is in `range`, for the forms engines use: `>=a.b.c`, `^a.b.c`, `~a.b`, a bare version (a
 * whole one exactly, `20` or `13.7` as every release under it), each optionally with `v`, joined by `||`.
 */
function satisfies(version: string, range: string): boolean {
  const num = (v: string) => [...v.split('.').map(Number), 0, 0].slice(0, 3) as [number, number, number];
  const cmp = (a: string, b: string) => {
    const [x, y] = [num(a), num(b)];
    for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
    return 0;
  };
  return range.split('||').some((part) => {
    const m = /^\s*(>=|\^|~)?\s*v?(\d+(?:\.\d+){0,2})\s*$/.exec(part);
    if (!m) throw new Error(`engines range "${range}": this test does not read "${part.trim()}"`);
    const op = m[1] ?? '';
    const min = m[2]!;
    const parts = min.split('.').length;
    const [v, r] = [num(version), num(min)];
    if (op === '>=') return cmp(version, min) >= 0;
    if (op === '^') return cmp(version, min) >= 0 && v[0] === r[0];
    if (op === '~') return cmp(version, min) >= 0 && v[0] === r[0] && (parts === 1 || v[1] === r[1]);
    return parts === 3 ? cmp(version, min) === 0 : v[0] === r[0] && (parts === 1 || v[1] === r[1]);
  });
}

describe('the Node version', () => {
  it.each(['20.20.2', '22.11.0'])('maru on Node %s says in one line which Node it needs, and exits 1', (version) => {
    // Node itself reports the older version (set before maru's first line runs), as an old install would.
    const r = spawnSync(
      process.execPath,
      ['--import', `data:text/javascript,Object.defineProperty(process.versions,"node",{value:"${version}"})`, join(ROOT, 'bin/maru.ts'), 'check'],
      { encoding: 'utf8' },
    );
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`maru needs Node.js 22.19 or newer; this is ${version}. Install Node 22 LTS (https://nodejs.org/) and run it again.\n`);
  });

  it('is the same in both packages’ engines and in the check maru runs', () => {
    expect(pkg.engines.node).toBe(`>=${nodeMin()}`);
    expect((json('packages/mcp/package.json') as { engines: { node: string } }).engines.node).toBe(`>=${nodeMin()}`);
  });

  it('is enough for every package a team installs with Maru, as locked', () => {
    const oldest = `${nodeMin()}.0`;
    const refused = Object.entries(lock.packages)
      // Optional packages are other platforms' builds (Windows, WebAssembly): npm installs only the one that fits.
      .filter(([path, entry]) => path && !entry.dev && !entry.optional && entry.engines?.node && !satisfies(oldest, entry.engines.node))
      .map(([path, entry]) => `${path.replace(/^.*node_modules\//, '')}@${entry.version} needs Node ${entry.engines!.node}`);
    expect(refused).toEqual([]);
  });

  it('is met by the Node this repository pins for its own scripts (the devDependency `node`)', () => {
    const pinned = lock.packages['node_modules/node']!.version!;
    expect(satisfies(pinned, pkg.engines.node)).toBe(true);
    expect(satisfies(pinned, pkg.devDependencies.node!)).toBe(true);
  });
});

describe('the Maru release', () => {
  it('that manifests name and the MCP server reports is the version of both packages', () => {
    expect([MARU_VERSION, MARU_VERSION]).toEqual([
      (json('package.json') as { version: string }).version,
      (json('packages/mcp/package.json') as { version: string }).version,
    ]);
  });
});
