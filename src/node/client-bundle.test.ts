import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { CLIENT_ENTRIES } from '../lib/ui/client-entries.ts';
import { MERMAID_MODULE } from './mermaid-asset.ts';
import { bundleClient, clientFile, clientKey, clientScripts, copyClientBundle, readClientManifest, type ClientManifest } from './client-bundle.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/** A project folder with the files the key reads: `src/client`, `src/lib`, the bundler module and the lock. */
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'maru-client-key-'));
  for (const f of ['src/client/site.ts', 'src/lib/ui/strings.ts', 'src/lib/ui/strings.test.ts', 'src/node/client-bundle.ts', 'package-lock.json']) {
    mkdirSync(join(dir, f, '..'), { recursive: true });
    writeFileSync(join(dir, f), `// ${f}\n`);
  }
  return dir;
}

describe('the key of the prebuilt site scripts', () => {
  test('changes when the browser code, a pure module it may import, the bundler or the lock changes, and not for a test file', () => {
    const dir = project();
    const keys = [clientKey(dir)];
    for (const f of ['src/client/site.ts', 'src/lib/ui/strings.ts', 'src/node/client-bundle.ts', 'package-lock.json']) {
      writeFileSync(join(dir, f), `// ${f} changed\n`);
      keys.push(clientKey(dir));
    }
    expect(new Set(keys).size).toBe(5);
    writeFileSync(join(dir, 'src/lib/ui/strings.test.ts'), '// a test changed\n');
    expect(clientKey(dir)).toBe(keys[4]);
  });

  test('a new file under src/client changes it too', () => {
    const dir = project();
    const before = clientKey(dir);
    writeFileSync(join(dir, 'src/client/extra.ts'), 'export {};\n');
    expect(clientKey(dir)).not.toBe(before);
  });
});

describe('a bundle folder', () => {
  const manifest: ClientManifest = {
    entries: Object.fromEntries(Object.keys(CLIENT_ENTRIES).map((n) => [n, `${n}.abc123.js`])) as ClientManifest['entries'],
    files: [...Object.keys(CLIENT_ENTRIES).map((n) => `${n}.abc123.js`), 'strings.def456.js'],
  };

  test('without a manifest is no bundle (not made, or still being made)', () => {
    expect(readClientManifest(mkdtempSync(join(tmpdir(), 'maru-client-')))).toBeUndefined();
  });

  test('whose manifest lacks an entry or names a file outside it is refused, naming the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'maru-client-'));
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ ...manifest, files: [...manifest.files, '../escape.js'] }));
    expect(() => readClientManifest(dir)).toThrow(
      `${join(dir, 'manifest.json')}: not a client bundle manifest (entries site, doc, sidebar, toc, listing, mermaid, changes, not-found, dev-version and their files); delete the folder to make it again`,
    );
    const { site: _site, ...rest } = manifest.entries;
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ ...manifest, entries: rest }));
    expect(() => readClientManifest(dir)).toThrow('not a client bundle manifest');
  });

  test("serves and copies only the files its manifest lists (a build leaves out the dev server's own), and names each entry under _astro/", () => {
    const dir = mkdtempSync(join(tmpdir(), 'maru-client-'));
    for (const f of manifest.files) writeFileSync(join(dir, f), `// ${f}\n`);
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
    expect(clientFile(dir, manifest, 'strings.def456.js')).toBe(join(dir, 'strings.def456.js'));
    expect(clientFile(dir, manifest, 'manifest.json')).toBeUndefined();
    expect(clientFile(dir, manifest, '../manifest.json')).toBeUndefined();
    expect(clientScripts(manifest).site).toBe('_astro/site.abc123.js');
    const out = mkdtempSync(join(tmpdir(), 'maru-client-out-'));
    expect(copyClientBundle(dir, manifest, out)).toBe(manifest.files.length - 1);
    expect(readFileSync(join(out, '_astro/strings.def456.js'), 'utf8')).toBe('// strings.def456.js\n');
    expect(existsSync(join(out, '_astro/manifest.json'))).toBe(false);
    // The dev server serves its version check (`clientFile`); a built site has no use for it.
    expect(clientFile(dir, manifest, 'dev-version.abc123.js')).toBe(join(dir, 'dev-version.abc123.js'));
    expect(existsSync(join(out, '_astro/dev-version.abc123.js'))).toBe(false);
    expect(existsSync(join(out, '_astro/site.abc123.js'))).toBe(true);
  });
});

describe("bundling the site's scripts", () => {
  test('gives every entry, the search worker beside them, and code that names no base path of its own', async () => {
    // A copy of the project's browser code, so the test reads what the bundler makes of the real sources.
    const dir = mkdtempSync(join(ROOT, 'node_modules/.cache/maru-client-test-'));
    for (const f of ['src/client', 'src/lib']) cpSync(join(ROOT, f), join(dir, f), { recursive: true, filter: (p) => !p.endsWith('.test.ts') });
    const out = join(dir, 'out');
    const manifest = await bundleClient(out, dir);
    expect(Object.keys(manifest.entries).sort()).toEqual(Object.keys(CLIENT_ENTRIES).sort());
    expect(readClientManifest(out)).toEqual(manifest);
    const worker = manifest.files.find((f) => /^search-worker-[\w-]+\.js$/.test(f));
    expect(worker).toBeDefined();
    const code = manifest.files.map((f) => readFileSync(join(out, f), 'utf8')).join('\n');
    // Booleans, not the code itself: a failure would print the whole minified bundle.
    // The worker is found beside the script that starts it, and mermaid under the base the page reads.
    expect(code.includes(`new URL(\`${worker}\`,import.meta.url)`)).toBe(true);
    expect(code.includes(`\`${MERMAID_MODULE}\``)).toBe(true);
    expect(/["'`]\/_astro\//.test(code)).toBe(false);
    expect(code.includes('import.meta.env')).toBe(false);
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);
});
