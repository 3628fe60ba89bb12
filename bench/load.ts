// Child process for `npm run bench`: loads one index the way a server would and reports time and memory.
// argv: <maru|plain|parse> <file> [<queries.json> <searches> <docs dir>]
// With a query list, it then runs that many searches (cycling through the list) and reports the memory after them:
// Maru's search (sections ranked from each candidate's Markdown, read from the docs folder as a client fetches it)
// against plain MiniSearch's search on the same documents.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import MiniSearch from 'minisearch';
import { loadSearch } from '../src/lib/search/index-load.ts';
import { searchSync, warmSearch } from '../src/lib/search/search.ts';
import { sectionTexts } from '../src/lib/search/snippet.ts';

const [mode, file, queriesFile, searches, docs] = process.argv.slice(2) as ['maru' | 'plain' | 'parse', string, string?, string?, string?];
const rssMiB = () => process.memoryUsage().rss / 2 ** 20;
const before = rssMiB();
const t = performance.now();
const text = readFileSync(file, 'utf8');
let keep: unknown;
let run: (query: string) => unknown = () => undefined;
if (mode === 'maru') {
  const loaded = loadSearch(JSON.parse(text));
  keep = loaded;
  const textOf = (d: { id: string; sections: readonly { line: number }[] }) => sectionTexts(d, readFileSync(join(docs ?? '.', `${d.id}.md`), 'utf8'));
  // As the MCP server loads a build: what the warm-up prepares stays in memory and is counted.
  if (queriesFile) warmSearch(loaded, textOf);
  run = (q) => searchSync(loaded, q, { textOf });
} else if (mode === 'plain') {
  const plain = MiniSearch.loadJSON(text, { fields: ['text'] });
  keep = plain;
  run = (q) => plain.search(q);
} else keep = JSON.parse(text);
const ms = performance.now() - t;
globalThis.gc?.();
const loadedMiB = rssMiB();
let afterSearchesMiB: number | undefined;
if (queriesFile && searches) {
  const queries = JSON.parse(readFileSync(queriesFile, 'utf8')) as string[];
  for (let i = 0; i < Number(searches); i++) run(queries[i % queries.length]!);
  globalThis.gc?.();
  afterSearchesMiB = rssMiB();
}
console.log(JSON.stringify({ ms, rssMiB: loadedMiB, baseMiB: before, afterSearchesMiB, kept: keep !== undefined }));
