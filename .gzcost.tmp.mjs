import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync, gunzipSync, constants } from 'node:zlib';
const dir = process.argv[2];
const files = readdirSync(dir, { recursive: true }).filter((f) => f.endsWith('.json')).map((f) => readFileSync(`${dir}/${f}`));
for (const level of [6, 9]) {
  let t = performance.now(), out = 0, inn = 0;
  const gz = files.map((b) => gzipSync(b, { level }));
  const ms = performance.now() - t;
  for (const g of gz) out += g.length; for (const b of files) inn += b.length;
  t = performance.now(); for (const g of gz) gunzipSync(g); const un = performance.now() - t;
  console.log(`level ${level}: ${files.length} files ${(inn/1024).toFixed(0)} KiB -> ${(out/1024).toFixed(0)} KiB in ${ms.toFixed(0)} ms; gunzip ${un.toFixed(0)} ms`);
}
