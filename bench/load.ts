// Child process for `npm run bench`: loads one index the way a server would and reports time and memory.
// argv: <maru|plain|parse> <file>
import { readFileSync } from 'node:fs';
import MiniSearch from 'minisearch';
import { loadSearch } from '../src/lib/search/index-load.ts';

const [mode, file] = process.argv.slice(2) as ['maru' | 'plain' | 'parse', string];
const before = process.memoryUsage().rss;
const t = performance.now();
const text = readFileSync(file, 'utf8');
let keep: unknown;
if (mode === 'maru') keep = loadSearch(JSON.parse(text));
else if (mode === 'plain') keep = MiniSearch.loadJSON(text, { fields: ['text'] });
else keep = JSON.parse(text);
const ms = performance.now() - t;
globalThis.gc?.();
console.log(JSON.stringify({ ms, rssMiB: process.memoryUsage().rss / 2 ** 20, baseMiB: before / 2 ** 20, kept: keep !== undefined }));
