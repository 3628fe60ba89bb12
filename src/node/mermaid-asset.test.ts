import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { describe, expect, test } from 'vitest';
import { copyMermaid, MERMAID_MODULE, MERMAID_SITE_DIR, mermaidFile } from './mermaid-asset.ts';

describe("mermaid's prebuilt modules in the built site", () => {
  test('live under _astro/ (cached as immutable) in a folder named by the version', () => {
    expect(MERMAID_SITE_DIR).toMatch(/^_astro\/mermaid-\d+\.\d+\.\d+$/);
    expect(MERMAID_MODULE).toBe(`${MERMAID_SITE_DIR}/mermaid.esm.min.mjs`);
  });

  test('every module any copied file imports, statically or on demand, is copied too (no 404 when a diagram type loads)', () => {
    const out = mkdtempSync(join(tmpdir(), 'maru-mermaid-'));
    const count = copyMermaid(out);
    const dir = join(out, MERMAID_SITE_DIR);
    const copied = [`mermaid.esm.min.mjs`, ...readdirSync(join(dir, 'chunks/mermaid.esm.min')).map((f) => `chunks/mermaid.esm.min/${f}`)];
    expect(copied).toHaveLength(count);
    expect(copied.every((f) => f.endsWith('.mjs'))).toBe(true);
    const missing: string[] = [];
    let imports = 0;
    for (const file of copied) {
      for (const m of readFileSync(join(dir, file), 'utf8').matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)) {
        imports++;
        const target = posix.normalize(posix.join(posix.dirname(file), m[1]!));
        if (!existsSync(join(dir, target))) missing.push(`${file} → ${target}`);
      }
    }
    expect(imports).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });

  test('the dev server serves only those modules: no other file of the package, no path out of it', () => {
    expect(mermaidFile('mermaid.esm.min.mjs')).toMatch(/mermaid\/dist\/mermaid\.esm\.min\.mjs$/);
    const out = mkdtempSync(join(tmpdir(), 'maru-mermaid-'));
    copyMermaid(out);
    const chunk = readdirSync(join(out, MERMAID_SITE_DIR, 'chunks/mermaid.esm.min'))[0]!;
    expect(mermaidFile(`chunks/mermaid.esm.min/${chunk}`)).toMatch(new RegExp(`mermaid/dist/chunks/mermaid\\.esm\\.min/${chunk.replace('.', '\\.')}$`));
    expect(mermaidFile('chunks/mermaid.esm.min/no-such-chunk.mjs')).toBeUndefined();
    expect(mermaidFile('../package.json')).toBeUndefined();
    expect(mermaidFile('chunks/mermaid.esm.min/../../../package.json')).toBeUndefined();
    expect(mermaidFile('chunks/mermaid.esm.min/chunk.mjs.map')).toBeUndefined();
    expect(mermaidFile('mermaid.core.mjs')).toBeUndefined();
  });
});
