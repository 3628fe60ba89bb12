import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { buildDir, buildWithCache, filesOf, ROOT, tempDir } from './helpers/astro.ts';

/**
 * The gate of Astro's incremental page output (`experimental.incrementalBuild`, keys in src/lib/ui/page-keys.ts):
 * after each edit of one document, a rebuild with the last build's cache writes exactly the files a clean build
 * of the same content writes, and renders only the pages whose keys changed (the others are copied).
 */

/** The pages Astro rendered, from its log: `├─ /docs/x/index.html (+12ms)`; a copied page says `(restored)` instead. */
function rendered(log: string): string[] {
  return [...log.matchAll(/├─ (\S+) \(\+[\d.]+m?s\)/g)].map((m) => m[1]!).sort();
}
function restored(log: string): number {
  return [...log.matchAll(/├─ \S+ \((restored|cached)\)/g)].length;
}

/** Pages without `getStaticPaths`: Astro renders them on every build. */
const ALWAYS = ['/404.html', '/categories/index.html', '/changes/index.html', '/index.html', '/projects/index.html', '/search/index.html', '/tags/index.html'];

const DOC = 'search/adr-one-search-contract.md';
const NEW = 'onboarding/onboarding-faq.md';

interface Step {
  name: string;
  /** Changes the content folder. */
  edit: (content: string) => void;
  /** The pages with `getStaticPaths` that show what the edit changed, so must be rendered again. */
  pages: string[];
  /** The index of an earlier step whose content this step restores: that step's clean build is this one's too. */
  sameContentAs?: number;
}

const ONBOARDING = ['onboarding-ask-ai', 'onboarding-first-edit', 'onboarding-first-week', 'onboarding-overview'].map((id) => `/docs/${id}/index.html`);

const rewrite = (content: string, from: RegExp, to: string) => {
  const path = join(content, DOC);
  writeFileSync(path, readFileSync(path, 'utf8').replace(from, to));
};

const STEPS: Step[] = [
  {
    name: 'a paragraph added to the body of a document',
    edit: (c) => rewrite(c, /$/, '\n\n한 문단을 더 적었습니다.\n'),
    pages: ['/docs/adr-one-search-contract/index.html'],
  },
  {
    name: 'its title changed',
    edit: (c) => rewrite(c, /^title: .*$/m, 'title: "ADR: 검색 계약은 한 곳에"'),
    // The title is shown by: its page; the pages that link to it (link labels) or list it as related or as a
    // backlink; its project's sidebar neighbours (search-eval, search-query-tips: the previous/next links);
    // the listings it is in; the project's sidebar file.
    pages: [
      '/categories/decision/index.html',
      ...[
        'adr-lexical-search-first',
        'adr-minisearch-over-pagefind',
        'adr-one-search-contract',
        'maru-artifacts',
        'maru-invariants',
        'maru-overview',
        'mcp-tools-reference',
        'release-workflow',
        'search-eval',
        'search-overview',
        'search-query-tips',
        'search-ranking',
        'search-tokenizer',
      ].map((id) => `/docs/${id}/index.html`),
      '/nav/search.json',
      '/projects/search/index.html',
      '/tags/adr/index.html',
      '/tags/검색/index.html',
      '/tags/계약/index.html',
    ],
  },
  {
    name: 'its tags changed',
    edit: (c) => rewrite(c, /^tags: .*$/m, 'tags: [adr, 검색, 설계]'),
    // Its page, the listings that show its tags (the tag 계약 lost its only page), and maru-invariants, whose
    // related list names the tags the two share.
    pages: [
      '/categories/decision/index.html',
      '/docs/adr-one-search-contract/index.html',
      '/docs/maru-invariants/index.html',
      '/projects/search/index.html',
      '/tags/adr/index.html',
      '/tags/검색/index.html',
      '/tags/설계/index.html',
    ],
  },
  {
    name: 'a new document',
    edit: (c) =>
      writeFileSync(
        join(c, NEW),
        '---\nid: onboarding-faq\ntitle: 자주 묻는 질문\nproject: onboarding\ncategory: guide\ntags: [온보딩, faq]\ncreated_at: 2026-11-20\nupdated_at: 2026-11-20\n---\n\n## 어디서 시작하나요\n\n온보딩 개요부터 읽으세요.\n',
      ),
    // Every page of its project: their sidebars count the documents of each group.
    pages: [
      '/categories/guide/index.html',
      ...ONBOARDING,
      '/docs/onboarding-faq/index.html',
      '/nav/onboarding.json',
      '/projects/onboarding/index.html',
      '/tags/faq/index.html',
      '/tags/온보딩/index.html',
    ],
  },
  {
    name: 'that document deleted',
    edit: (c) => rmSync(join(c, NEW)),
    // Deleting the document added the step before leaves the content of the step before that: one clean build less.
    sameContentAs: 2,
    pages: ['/categories/guide/index.html', ...ONBOARDING, '/nav/onboarding.json', '/projects/onboarding/index.html', '/tags/온보딩/index.html'],
  },
];

/** The files a build of `content` writes with a cache of its own (nothing from an earlier build). */
function cleanBuild(content: string): Map<string, Buffer> {
  const dir = buildDir('pages-clean-');
  buildWithCache(content, dir, tempDir('maru-pages-clean-cache-'));
  return filesOf(dir);
}

describe('a rebuild renders only the pages whose inputs changed, and writes what a clean build writes', () => {
  const content = join(tempDir('maru-pages-'), 'content');
  const cache = tempDir('maru-pages-cache-');
  const runs: { step: Step; log: string; warm: Map<string, Buffer>; clean: Map<string, Buffer> }[] = [];
  let first = '';
  beforeAll(() => {
    cpSync(join(ROOT, 'content'), content, { recursive: true });
    first = buildWithCache(content, buildDir('pages-first-'), cache);
    for (const step of STEPS) {
      step.edit(content);
      const warm = buildDir('pages-warm-');
      const log = buildWithCache(content, warm, cache);
      const clean = step.sameContentAs === undefined ? cleanBuild(content) : runs[step.sameContentAs]!.clean;
      runs.push({ step, log, warm: filesOf(warm), clean });
    }
  }, 600_000);

  test('the first build parses and renders every document and page, the rebuild after a body edit only that document', () => {
    expect(first).toMatch(/parsed 52 of 52 files/);
    expect(first).toMatch(/rendered 51 of 51 documents/);
    expect(runs[0]!.log).toMatch(/parsed 1 of 52 files/);
    expect(runs[0]!.log).toMatch(/rendered 1 of 51 documents/);
    expect(restored(first)).toBe(0);
    // 143 pages (51 documents, 7 of them the reference pages moved from the README) and the 4 projects' sidebar files.
    expect(rendered(first)).toHaveLength(147);
  });

  test('a title change renders again its own article and the nine whose `[[adr-one-search-contract]]` labels show the title, no other', () => {
    expect(runs[1]!.log).toMatch(/rendered 10 of 51 documents/);
    // A new or deleted document changes no other article: none links to it.
    expect(runs[3]!.log).toMatch(/rendered 1 of 52 documents/);
    expect(runs[4]!.log).toMatch(/rendered 0 of 51 documents/);
  });

  test.each(STEPS.map((s, i) => [s.name, i] as const))('after %s: the same files, byte for byte, as a clean build', (_name, i) => {
    const { warm, clean } = runs[i]!;
    expect([...warm.keys()].sort()).toEqual([...clean.keys()].sort());
    expect([...warm].filter(([path, bytes]) => !bytes.equals(clean.get(path)!)).map(([path]) => path)).toEqual([]);
  });

  test.each(STEPS.map((s, i) => [s.name, i] as const))('after %s: only the pages that show the change are rendered', (_name, i) => {
    const { step, log } = runs[i]!;
    expect(rendered(log)).toEqual([...ALWAYS, ...step.pages].sort());
  });

  test('the edits reached the pages, and the deleted document has no page', () => {
    const [body, title, , added, deleted] = runs;
    expect(body!.warm.get('docs/adr-one-search-contract/index.html')!.toString('utf8')).toContain('한 문단을 더 적었습니다.');
    expect(title!.warm.get('docs/adr-one-search-contract/index.html')!.toString('utf8')).toContain('ADR: 검색 계약은 한 곳에');
    expect(added!.warm.get('docs/onboarding-faq/index.html')!.toString('utf8')).toContain('자주 묻는 질문');
    expect(deleted!.warm.has('docs/onboarding-faq/index.html')).toBe(false);
  });
});
