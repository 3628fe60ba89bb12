// npm run bench:scale -- --sizes 1000,10000,30000 [--no-preview] [--max-rss-gib 17]: the scale bench alone
// (bench/build.ts `scaleBench`), one size after the other, smallest first; prints its Markdown table and writes the
// figures to .tmp/scale/figures.json. `npm run bench` runs the same with BENCH_SCALE=<sizes>. At 30,000 documents a
// cold build takes an hour or more on a shared 2-core machine: run it on request, at low priority (`nice -n 10`).
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { scaleBench, scaleRows, type ScaleFigures } from './build.ts';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000' },
    'no-preview': { type: 'boolean', default: false },
    'max-rss-gib': { type: 'string', default: '17' },
  },
});
const sizes = values.sizes
  .split(',')
  .map(Number)
  .sort((a, b) => a - b);
if (!sizes.length || sizes.some((n) => !Number.isInteger(n) || n < 1)) {
  console.error(`bench:scale: --sizes ${values.sizes} is not a list of whole numbers of documents (e.g. 1000,10000,30000)`);
  process.exit(2);
}
const maxRssGiB = Number(values['max-rss-gib']);
if (!(maxRssGiB > 0)) {
  console.error(`bench:scale: --max-rss-gib ${values['max-rss-gib']} is not a positive number of GiB`);
  process.exit(2);
}
const figures: ScaleFigures[] = [];
for (const n of sizes) {
  console.error(`bench:scale: ${n} documents…`);
  figures.push(await scaleBench(n, { preview: !values['no-preview'], maxRssMiB: Math.round(maxRssGiB * 1024) }));
  mkdirSync('.tmp/scale', { recursive: true });
  writeFileSync('.tmp/scale/figures.json', `${JSON.stringify({ date: new Date().toISOString(), figures }, null, 2)}\n`);
}
console.log(scaleRows(figures).join('\n'));
