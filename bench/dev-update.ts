// npm run bench:dev-update [-- --corpus /tmp/maru-bench-dev/corpus-10000 --runs 3 --project DIR --kinds body,title]
// What `maru dev`'s quick update costs per kind of save, outside Astro: `openDevWiki(...).update(carryFrom)` on a copy
// of a generated corpus (npm run generate:corpus), after the first collection the dev server makes
// (`collectWikiInParallel` with the dev wiki's memo and seeded parse cache). For each kind of save: the median and range
// of the process's CPU time (user + system, the update alone) and of the wall time over `--runs` saves to different
// files, each followed by one update that carries the related lists from the wiki before it (as the dev server's quick
// updates do), with the watcher's report of the saved paths.
// `--project` measures another checkout of Maru (e.g. main's commit, cloned with its node_modules linked) with the same
// saves, for before/after in one sitting. The corpus is copied to a temporary folder, which is removed at the end.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    corpus: { type: 'string', default: '/tmp/maru-bench-dev/corpus-10000' },
    runs: { type: 'string', default: '3' },
    project: { type: 'string', default: resolve(import.meta.dirname, '..') },
    kinds: { type: 'string' },
    // Where the parse cache lives between runs (the first run of a code version parses every file on every core).
    cache: { type: 'string', default: '/tmp/maru-bench-dev-update-cache' },
    // The parse cache's code key: `same` keeps the cache of an earlier run whatever code changed since (for runs in one
    // sitting of code that parses alike, e.g. before/after a change to what comes after parsing); default: the code's digest.
    code: { type: 'string' },
    // Writes a CPU profile of the updates alone (not the first collection) to this file.
    profile: { type: 'string' },
  },
});
const project = resolve(values.project);
if (!existsSync(values.corpus)) throw new Error(`--corpus: ${values.corpus} does not exist (npm run generate:corpus -- --count 10000 --out ${values.corpus})`);
const runs = Number(values.runs);

type Module = Record<string, unknown>;
const load = async (path: string): Promise<Module> => (await import(join(project, path))) as Module;
const devWiki = await load('src/node/dev-wiki.ts');
const wikiBuild = await load('src/node/wiki-build.ts');
const parseCache = await load('src/node/parse-cache.ts');
const config = await load('src/lib/wiki/config.ts');

interface Wiki {
  documents: { source: { id: string; sourcePath: string } }[];
  problems: unknown[];
}
interface DevWiki {
  memo: unknown;
  seeding: (stored: unknown) => unknown;
  changed: (path: string) => void;
  update: (carryFrom?: Wiki) => { wiki: Wiki };
}
const openDevWiki = devWiki.openDevWiki as (root: string, config: unknown, base: string) => DevWiki;
const collectWikiInParallel = wikiBuild.collectWikiInParallel as (...args: unknown[]) => Promise<{ wiki: Wiki }>;
const openParseCache = parseCache.openParseCache as (dir: string, code: string) => { save: () => void; hits: number; misses: number };
const codeDigest = parseCache.codeDigest as () => string;
const siteConfig = (config.resolveSiteConfig as (input: unknown) => unknown)({
  title: 'bench',
  categories: ['concept', 'policy', 'workflow', 'decision', 'guide', 'reference', 'history'],
});

const root = mkdtempSync(join(tmpdir(), 'maru-bench-dev-update-'));
cpSync(values.corpus, root, { recursive: true, preserveTimestamps: true });
// What the generated corpus lacks: a partial pasted into a page, which a kind of save below changes.
writeFileSync(join(root, 'ops/_shared.md'), '공유하는 문단입니다.\n');
writeFileSync(
  join(root, 'ops/with-include.md'),
  '---\nid: with-include\ntitle: 포함하는 문서\ncategory: guide\n---\n\n## 공유\n\n<!--@include: ./_shared.md-->\n\n[[doc-00001]]\n',
);

const docs = readdirSync(root, { recursive: true, encoding: 'utf8' })
  .filter((f) => /^[a-z]+\/doc-\d+\.md$/.test(f))
  .sort();
let pick = 0;
/** A document no earlier save touched. */
const nextDoc = () => docs[(pick += 97) % docs.length]!;

const dev = openDevWiki(root, siteConfig, '/');
const cacheDir = join(values.cache, Buffer.from(project).toString('hex').slice(-24));
mkdirSync(cacheDir, { recursive: true });
const stored = openParseCache(cacheDir, values.code === 'same' ? 'bench-dev-update' : codeDigest());
let t = performance.now();
let current = (await collectWikiInParallel(root, siteConfig, '/', dev.seeding(stored), undefined, {}, dev.memo)).wiki;
stored.save();
console.log(`${project}: first collection of ${current.documents.length} documents in ${Math.round(performance.now() - t)} ms (${stored.misses} parsed)`);

const edit = (path: string, change: (text: string) => string) => {
  const full = join(root, path);
  writeFileSync(full, change(readFileSync(full, 'utf8')));
  dev.changed(full);
};
const frontmatter = (text: string, line: string) => text.replace(/^---\n/, `---\n${line}\n`);
let n = 0;
/** Each kind of save: changes the folder and names the paths the watcher would report. */
const kinds: Record<string, () => void> = {
  body: () => edit(nextDoc(), (text) => text.replace(/\n\n([^#\n][^\n]*)\n/, (_, p: string) => `\n\n${p} 고쳐 쓴 문장 ${++n}.\n`)),
  link: () => edit(nextDoc(), (text) => `${text}\n새 링크: [[${nextDoc().split('/')[1]!.replace(/\.md$/, '')}]]\n`),
  title: () => edit(nextDoc(), (text) => text.replace(/^title: .*$/m, `title: "바뀐 제목 ${++n}"`)),
  heading: () => edit(nextDoc(), (text) => text.replace(/^## (.*)$/m, (_, h: string) => `## ${h} 바뀜 ${++n}`)),
  new: () => {
    const path = `ops/new-${++n}.md`;
    writeFileSync(join(root, path), `---\nid: new-${n}\ntitle: 새 문서 ${n}\ncategory: guide\n---\n\n새로 쓴 문서입니다. [[doc-00002]]\n`);
    dev.changed(join(root, path));
  },
  delete: () => {
    const path = nextDoc();
    rmSync(join(root, path));
    dev.changed(join(root, path));
  },
  rename: () => {
    const path = nextDoc();
    const to = path.replace(/\.md$/, '-moved.md');
    renameSync(join(root, path), join(root, to));
    dev.changed(join(root, path));
    dev.changed(join(root, to));
  },
  draft: () => edit(nextDoc(), (text) => frontmatter(text, 'status: draft')),
  include: () => edit('ops/_shared.md', (text) => `${text}덧붙인 문장 ${++n}.\n`),
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const range = (xs: number[]) => `${Math.round(Math.min(...xs))}–${Math.round(Math.max(...xs))}`;
const chosen = values.kinds ? values.kinds.split(',') : Object.keys(kinds);
// One update with nothing saved, first: the dev server's first save pays for whatever the first collection left to do.
t = performance.now();
current = dev.update(current).wiki;
console.log(`update with nothing saved: ${Math.round(performance.now() - t)} ms`);
const profiler = values.profile ? await startProfile() : undefined;
console.log('kind\tCPU ms (median, range)\twall ms (median, range)');
for (const kind of chosen) {
  const save = kinds[kind];
  if (!save) throw new Error(`--kinds: "${kind}" is none of ${Object.keys(kinds).join(', ')}`);
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let i = 0; i < runs; i++) {
    save();
    const c = process.cpuUsage();
    const w = performance.now();
    current = dev.update(current).wiki;
    wall.push(performance.now() - w);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
  }
  console.log(`${kind}\t${Math.round(median(cpu))} (${range(cpu)})\t${Math.round(median(wall))} (${range(wall)})`);
}
if (profiler) writeFileSync(values.profile!, JSON.stringify(await profiler.stop()));
rmSync(root, { recursive: true, force: true });

async function startProfile(): Promise<{ stop: () => Promise<unknown> }> {
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return { stop: async () => (await session.post('Profiler.stop')).profile };
}
