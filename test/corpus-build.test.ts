import { cpSync, existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { CatalogSchema } from '../src/lib/artifacts/schema.ts';
import { astroBuild, buildDir, ROOT, tempDir } from './helpers/astro.ts';

const CORPUS = resolve(ROOT, '../shared/corpora/ko-react-docs');

describe.runIf(existsSync(CORPUS))('ordinary Markdown without Maru frontmatter (ko-react-docs)', () => {
  test('builds and indexes all 226 documents with defaulted ids, titles, projects and dates', () => {
    const content = tempDir('maru-corpus-');
    cpSync(CORPUS, content, { recursive: true });
    const out = buildDir('ko-react-');
    const build = astroBuild(out, { WIKI_CONTENT_DIR: content });
    expect(build.status, build.output.slice(-3000)).toBe(0);
    const catalog = CatalogSchema.parse(JSON.parse(readFileSync(join(out, '_wiki/catalog.json'), 'utf8')));
    expect(catalog.documents).toHaveLength(226);
    const useState = catalog.documents.find((d) => d.id === 'reference/react/usestate')!;
    expect(useState).toMatchObject({ title: 'useState', project: 'reference', category: 'reference', sourcePath: 'reference/react/useState.md' });
    expect(catalog.projects.map((p) => p.id)).toEqual(['blog', 'community', 'errors', 'general', 'learn', 'reference', 'warnings']);
    expect(existsSync(join(out, 'docs/reference/react/usestate/index.html'))).toBe(true);
  });
});
