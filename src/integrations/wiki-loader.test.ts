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
import { devArticleHtml, publishDevArticles } from './dev-articles.ts';

afterEach(() => {
  vi.unstubAllEnvs();
  unpublishDevPages();
  publishDevArticles(undefined);
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

/**
 * A wiki of one document per body (`doc-<place>`, none where the body is undefined), as the maru integration hands it to
 * the loaders; with `previous`, the documents and catalog rows that did not change are its objects, as a dev save hands them.
 */
function snapshotOf(dir: string, bodies: (string | undefined)[], previous?: WikiSnapshot): WikiSnapshot {
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
  const catalog = toCatalogArtifact(wiki, emit).catalog;
  if (previous) {
    const same = <T>(was: T | undefined, now: T) => (was !== undefined && JSON.stringify(was) === JSON.stringify(now) ? was : now);
    wiki.documents = wiki.documents.map((d) =>
      same(
        previous.wiki.documents.find((p) => p.source.id === d.source.id),
        d,
      ),
    );
    catalog.documents = catalog.documents.map((row) =>
      same(
        previous.catalog.documents.find((p) => p.id === row.id),
        row,
      ),
    );
  }
  return {
    root: dir,
    wiki,
    catalog,
    texts: new Map(files.map((f) => [f.path, f.text])),
    code: 'code',
    lang: 'ko',
    rendered: () => {},
  };
}

/**
 * The docs loader over `first` in a dev server (a watcher), with Astro's store and renderer as maps and a function;
 * `events` records each body rendered. `saved` is the loader's update (what the integration calls after a save: the
 * integration's wiki is the saved one from then on, as `source()` answers).
 */
function devLoader(dir: string, first: WikiSnapshot, onRender: (body: string) => void = () => {}, onStore: (id: string) => void = () => {}) {
  vi.stubEnv('MARU_CACHE_DIR', join(dir, 'cache'));
  const events: string[] = [];
  const errors: string[] = [];
  const entries = new Map<string, { id: string; data: unknown; rendered?: unknown }>();
  const meta = new Map<string, string>();
  // How many texts the loader hashed: a save's work follows what it changed.
  const digests = { count: 0 };
  let current = first;
  let run: ((snapshot: WikiSnapshot) => Promise<void>) | undefined;
  const source = (options?: { onChange?: { run: (snapshot: WikiSnapshot) => Promise<void> } }) => {
    run ??= options?.onChange?.run;
    return current;
  };
  const context = {
    collection: 'docs',
    store: {
      get: (id: string) => entries.get(id),
      has: (id: string) => entries.has(id),
      set: (entry: { id: string; data: unknown }) => (events.push(`stored ${entry.id}`), entries.set(entry.id, entry), onStore(entry.id), true),
      delete: (id: string) => void (events.push(`deleted ${id}`), entries.delete(id)),
      keys: () => [...entries.keys()],
      entries: () => [...entries],
    },
    meta: { get: (k: string) => meta.get(k), set: (k: string, v: string) => void meta.set(k, v), delete: (k: string) => void meta.delete(k) },
    config: { root: pathToFileURL(`${dir}/`), integrations: [{ name: 'maru', hooks: { [WIKI_HOOK]: source } }] },
    logger: { info: () => {}, error: (message: string) => void errors.push(message) },
    generateDigest: (data: string) => (digests.count++, sha256(data)),
    watcher: {},
    renderMarkdown: async (text: string) => {
      const body = text.trim().split('\n').pop()!;
      events.push(`rendered ${body}`);
      onRender(body);
      if (body.includes('실패')) throw new Error('Maximum call stack size exceeded');
      return { html: `<p>${body}</p>`, metadata: body.includes('![') ? { imagePaths: ['./a.png'] } : {} };
    },
  } as unknown as LoaderContext;
  return {
    events,
    errors,
    digests,
    entries,
    load: () => wikiDocsLoader().load(context),
    saved: (snapshot: WikiSnapshot) => {
      current = snapshot;
      return run!(snapshot);
    },
  };
}

const rendersIn = (events: string[], from = 0) => events.slice(from).filter((e) => e.startsWith('rendered'));

test('a cold maru dev start renders no article: a page renders its own when it is asked for, once, and again only when it changed', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'maru-loader-'));
  try {
    const loader = devLoader(dir, snapshotOf(dir, ['하나입니다.', '둘입니다.', '셋입니다.']));
    await loader.load();
    expect(rendersIn(loader.events)).toEqual([]);
    expect(devPages()!.docs.map((e) => [e.id, e.rendered])).toEqual([
      ['doc-0', undefined],
      ['doc-1', undefined],
      ['doc-2', undefined],
    ]);
    // Two requests at once render it once.
    expect(await Promise.all([devArticleHtml('doc-1'), devArticleHtml('doc-1')])).toEqual(['<p>둘입니다.</p>', '<p>둘입니다.</p>']);
    expect(await devArticleHtml('doc-1')).toBe('<p>둘입니다.</p>');
    expect(rendersIn(loader.events)).toEqual(['rendered 둘입니다.']);
    await loader.saved(snapshotOf(dir, ['하나입니다.', '둘을 고쳤습니다.', '셋입니다.']));
    expect(rendersIn(loader.events)).toEqual(['rendered 둘입니다.']);
    expect(await devArticleHtml('doc-1')).toBe('<p>둘을 고쳤습니다.</p>');
    expect(await devArticleHtml('doc-0')).toBe('<p>하나입니다.</p>');
    expect(rendersIn(loader.events)).toEqual(['rendered 둘입니다.', 'rendered 둘을 고쳤습니다.', 'rendered 하나입니다.']);
    // A page of a document the wiki no longer has (it is reloading to the new version) shows an empty article, not an error.
    expect(await devArticleHtml('doc-9')).toBe('');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a restarted maru dev finds the articles rendered under the same render key in the article files, and renders the others', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'maru-loader-'));
  try {
    const first = devLoader(dir, snapshotOf(dir, ['하나입니다.', '둘입니다.']));
    await first.load();
    await devArticleHtml('doc-0');
    await devArticleHtml('doc-1');
    const again = devLoader(dir, snapshotOf(dir, ['하나입니다.', '둘을 고쳤습니다.']));
    await again.load();
    expect([await devArticleHtml('doc-0'), await devArticleHtml('doc-1')]).toEqual(['<p>하나입니다.</p>', '<p>둘을 고쳤습니다.</p>']);
    expect(rendersIn(again.events)).toEqual(['rendered 둘을 고쳤습니다.']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an article that fails to render names its file, to the page and in the log', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'maru-loader-'));
  try {
    const loader = devLoader(dir, snapshotOf(dir, ['하나입니다.', '실패합니다.']));
    await loader.load();
    const message = `${join(dir, 'doc-1.md')}: 문서를 HTML로 바꾸지 못했습니다 (Maximum call stack size exceeded)`;
    await expect(devArticleHtml('doc-1')).rejects.toThrow(message);
    expect(loader.errors).toEqual([message]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a document with a local picture is rendered by the loader, into its entry: only Astro's store imports its pictures", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'maru-loader-'));
  try {
    const loader = devLoader(dir, snapshotOf(dir, ['하나입니다.', '![흐름](./a.png)']));
    await loader.load();
    expect(rendersIn(loader.events)).toEqual(['rendered ![흐름](./a.png)']);
    expect(loader.entries.get('doc-1')?.rendered).toEqual({ html: '<p>![흐름](./a.png)</p>', metadata: { imagePaths: ['./a.png'] } });
    expect(await devArticleHtml('doc-1')).toBeUndefined();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a save during the first load is stored after it, not interleaved with it: the page shows the saved text', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'maru-loader-'));
  try {
    const edited = snapshotOf(dir, ['하나입니다.', '둘을 고쳤습니다.', '셋입니다.']);
    let update: Promise<void> | undefined;
    const loader = devLoader(
      dir,
      snapshotOf(dir, ['하나입니다.', '![흐름](./a.png)', '셋입니다.']),
      () => {},
      // The file is saved while the cold start stores its first document.
      (id) => {
        if (id === 'doc-0' && !update) update = loader.saved(edited);
      },
    );
    await loader.load();
    await update;
    // The save goes to the memory store the pages read, after the first load stored everything into Astro's; Astro's
    // store keeps only entries with pictures then, so doc-1 (its picture gone) leaves it.
    expect(loader.events).toEqual(['stored doc-0', 'rendered ![흐름](./a.png)', 'stored doc-1', 'stored doc-2', 'deleted doc-1']);
    const summaries = devPages()!.docs.map((e) => [e.id, e.data.summary]);
    expect(summaries).toEqual([
      ['doc-0', '하나입니다.'],
      ['doc-1', '둘을 고쳤습니다.'],
      ['doc-2', '셋입니다.'],
    ]);
    expect(await devArticleHtml('doc-1')).toBe('<p>둘을 고쳤습니다.</p>');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a save in astro dev reaches the pages without a write of Astro's data store, which keeps what the server started with", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'maru-loader-'));
  try {
    const first = snapshotOf(dir, ['하나입니다.', '둘입니다.', '셋입니다.']);
    const loader = devLoader(dir, first);
    await loader.load();
    expect(devPages()!.docs.map((e) => e.data.summary)).toEqual(['하나입니다.', '둘입니다.', '셋입니다.']);
    const started = loader.events.length;
    const hashed = loader.digests.count;
    await loader.saved(snapshotOf(dir, ['하나입니다.', '둘을 고쳤습니다.', '셋입니다.'], first));
    expect(loader.events.slice(started)).toEqual([]);
    // Two entries hashed: doc-1's (edited) and doc-2's (no longer related to it: a new row). doc-0's document and row are
    // the same objects as before, and its entry is left as it is.
    expect(loader.digests.count - hashed).toBe(2);
    expect(devPages()!.docs.map((e) => e.data.summary)).toEqual(['하나입니다.', '둘을 고쳤습니다.', '셋입니다.']);
    // doc-2 deleted and doc-3 new: nothing renders until a page asks.
    await loader.saved(snapshotOf(dir, ['하나입니다.', '둘을 고쳤습니다.', undefined, '넷입니다.']));
    expect(loader.events.slice(started)).toEqual([]);
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
