import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LoaderContext } from 'astro/loaders';
import { afterEach, expect, test, vi } from 'vitest';
import { toCatalogArtifact } from '../lib/artifacts/emit.ts';
import { buildWiki } from '../lib/wiki/pipeline.ts';
import { sha256 } from '../node/hash.ts';
import { WIKI_HOOK, type WikiSnapshot } from './wiki-handoff.ts';
import { withDrawnMarkdown } from '../lib/wiki/document.ts';
import { reloadsOn, wikiDocsLoader } from './wiki-loader.ts';
import { devPages, unpublishDevPages } from './dev-pages.ts';

afterEach(() => {
  vi.unstubAllEnvs();
  unpublishDevPages();
});

test('astro dev reloads the wiki for a change to any file in the content folder, but not in .git, node_modules or outside it', () => {
  const root = join('/work', 'wiki', 'content');
  const at = (...parts: string[]) => reloadsOn(root, join(root, ...parts));
  expect([at('guide.md'), at('listings', 'main.rs'), at('.gitbook', 'includes', 'footer.md'), at('images', 'a.png')]).toEqual([true, true, true, true]);
  expect([at('.git', 'index'), at('node_modules', 'x', 'a.md'), reloadsOn(root, join('/work', 'wiki', 'README.md')), reloadsOn(root, root)]).toEqual([
    false,
    false,
    false,
    false,
  ]);
});

test("the site renders a home page's hero and features after the file's text, not an empty page", () => {
  const file = '---\nlayout: home\nhero:\n  name: 마루\n---\n';
  expect(withDrawnMarkdown(file, '**팀 위키**\n\n- **빠른 검색**: 한국어 검색')).toBe(
    '---\nlayout: home\nhero:\n  name: 마루\n---\n\n**팀 위키**\n\n- **빠른 검색**: 한국어 검색\n',
  );
  expect(withDrawnMarkdown('# 제목\n\n본문\n', undefined)).toBe('# 제목\n\n본문\n');
});

/** A wiki of one document per body (`doc-<place>`, none where the body is undefined), as the maru integration hands it to the loaders. */
function snapshotOf(dir: string, bodies: (string | undefined)[]): WikiSnapshot {
  const files = bodies.flatMap((body, i) =>
    body === undefined
      ? []
      : [
          {
            path: `doc-${i}.md`,
            mtime: '2026-12-01T00:00:00.000Z',
            text: `---\nid: doc-${i}\ntitle: 문서 ${i}\ncategory: guide\n---\n\n${body}\n`,
          },
        ],
  );
  const wiki = buildWiki(files, { categories: ['guide'], base: '/' });
  const emit = { sha256, generatedAt: '2026-12-01T00:00:00.000Z', commit: null, site: null, title: '위키', description: '' };
  return {
    root: dir,
    wiki,
    catalog: toCatalogArtifact(wiki, emit).catalog,
    texts: new Map(files.map((f) => [f.path, f.text])),
    code: 'code',
    lang: 'ko',
    rendered: () => {},
  };
}

/**
 * The docs loader over `first` in a dev server (a watcher), with Astro's store and renderer as maps and a function;
 * `events` records each body rendered. `saved` is the loader's update (what the integration calls after a save).
 */
function devLoader(dir: string, first: WikiSnapshot, onRender: (body: string) => void = () => {}) {
  vi.stubEnv('MARU_CACHE_DIR', join(dir, 'cache'));
  const events: string[] = [];
  const entries = new Map<string, { id: string; data: unknown }>();
  const meta = new Map<string, string>();
  let saved: ((snapshot: WikiSnapshot) => Promise<void>) | undefined;
  const source = (options?: { onChange?: { run: (snapshot: WikiSnapshot) => Promise<void> } }) => {
    saved = options?.onChange?.run;
    return first;
  };
  const context = {
    collection: 'docs',
    store: {
      get: (id: string) => entries.get(id),
      set: (entry: { id: string; data: unknown }) => (events.push(`stored ${entry.id}`), entries.set(entry.id, entry), true),
      delete: (id: string) => void (events.push(`deleted ${id}`), entries.delete(id)),
      keys: () => [...entries.keys()],
      entries: () => [...entries],
    },
    meta: { get: (k: string) => meta.get(k), set: (k: string, v: string) => void meta.set(k, v), delete: (k: string) => void meta.delete(k) },
    config: { root: pathToFileURL(`${dir}/`), integrations: [{ name: 'maru', hooks: { [WIKI_HOOK]: source } }] },
    logger: { info: () => {} },
    generateDigest: sha256,
    watcher: {},
    renderMarkdown: async (text: string) => {
      const body = text.trim().split('\n').pop()!;
      events.push(`rendered ${body}`);
      onRender(body);
      return { html: `<p>${body}</p>`, metadata: {} };
    },
  } as unknown as LoaderContext;
  return { events, entries, load: () => wikiDocsLoader().load(context), saved: (snapshot: WikiSnapshot) => saved!(snapshot) };
}

test('the docs loader lets the event loop turn after each document it renders, so a cold maru dev start answers pages', async () => {
  // Astro renders Markdown with promises alone. Without a turn of the event loop between documents, a cold start of
  // thousands held it for minutes; a module request Astro's dev server had made meanwhile timed out after 60 s, and
  // from then on no page was answered at all (issue 38, the 10,000-document run).
  const dir = mkdtempSync(join(tmpdir(), 'maru-loader-'));
  try {
    const { events, entries, load } = devLoader(dir, snapshotOf(dir, ['하나입니다.', '둘입니다.', '셋입니다.']));
    setImmediate(() => events.push('the event loop turned'));
    await load();
    expect(events.filter((e) => !e.startsWith('stored'))).toEqual([
      'rendered 하나입니다.',
      'the event loop turned',
      'rendered 둘입니다.',
      'rendered 셋입니다.',
    ]);
    expect([...entries.keys()].sort()).toEqual(['doc-0', 'doc-1', 'doc-2']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a save during the first load is stored after it, not interleaved with it: the page shows the saved text', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'maru-loader-'));
  try {
    const edited = snapshotOf(dir, ['하나입니다.', '둘을 고쳤습니다.', '셋입니다.']);
    let update: Promise<void> | undefined;
    const loader = devLoader(dir, snapshotOf(dir, ['하나입니다.', '둘입니다.', '셋입니다.']), (body) => {
      // The file is saved while the cold start renders its first document.
      if (body === '하나입니다.' && !update) update = loader.saved(edited);
    });
    await loader.load();
    await update;
    expect(loader.events.filter((e) => e.startsWith('rendered'))).toEqual([
      'rendered 하나입니다.',
      'rendered 둘입니다.',
      'rendered 셋입니다.',
      'rendered 둘을 고쳤습니다.',
    ]);
    const summaries = devPages()!.docs.map((e) => [e.id, e.data.summary]);
    expect(summaries).toEqual([
      ['doc-0', '하나입니다.'],
      ['doc-1', '둘을 고쳤습니다.'],
      ['doc-2', '셋입니다.'],
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a save in astro dev reaches the pages without a write of Astro's data store, which keeps what the server started with", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'maru-loader-'));
  try {
    const loader = devLoader(dir, snapshotOf(dir, ['하나입니다.', '둘입니다.', '셋입니다.']));
    await loader.load();
    expect(devPages()!.docs.map((e) => e.data.summary)).toEqual(['하나입니다.', '둘입니다.', '셋입니다.']);
    const started = loader.events.length;
    // doc-1 edited, doc-2 deleted, doc-3 new.
    await loader.saved(snapshotOf(dir, ['하나입니다.', '둘을 고쳤습니다.', '셋입니다.']));
    expect(loader.events.slice(started)).toEqual(['rendered 둘을 고쳤습니다.']);
    expect(devPages()!.docs.map((e) => e.data.summary)).toEqual(['하나입니다.', '둘을 고쳤습니다.', '셋입니다.']);
    // doc-2 deleted and doc-3 new (every article renders again: a link could now find another document).
    await loader.saved(snapshotOf(dir, ['하나입니다.', '둘을 고쳤습니다.', undefined, '넷입니다.']));
    expect(loader.events.slice(started).filter((e) => !e.startsWith('rendered'))).toEqual([]);
    const pages = devPages()!;
    expect(pages.docs.map((e) => [e.id, e.data.summary, e.collection])).toEqual([
      ['doc-0', '하나입니다.', 'docs'],
      ['doc-1', '둘을 고쳤습니다.', 'docs'],
      ['doc-3', '넷입니다.', 'docs'],
    ]);
    expect(pages.catalog.documents.map((d) => d.id)).toEqual(['doc-0', 'doc-1', 'doc-3']);
    expect(pages.byId.get('doc-1')?.summary).toBe('둘을 고쳤습니다.');
    expect([...loader.entries.values()].map((e) => (e.data as { summary: string }).summary)).toEqual(['하나입니다.', '둘입니다.', '셋입니다.']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
