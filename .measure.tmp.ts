import { launch } from './test/browser/browser.ts';
import { serve } from './test/browser/serve.ts';
import { spawnStart } from './test/mcp/helpers.ts';
import { searchCost } from './bench/browser.ts';
const [dir, ...queries] = process.argv.slice(2);
const browser = await launch();
const plainServer = await serve(dir!, '/');
const start = await spawnStart(dir!);
try {
  const plain = await searchCost(browser, plainServer.origin, queries);
  const br = await searchCost(browser, start.url, queries);
  console.log(`plain host: first ${plain.firstSearchKiB} KiB (data ${plain.firstSearchDataKiB}) files ${plain.firstFiles.join(' ')}`);
  console.log(`npm start:  first ${br.firstSearchKiB} KiB (data ${br.firstSearchDataKiB}) files ${br.firstFiles.join(' ')}`);
  console.log('errors', plain.errors, br.errors, 'same hits', JSON.stringify(plain.hits) === JSON.stringify(br.hits), plain.hits[queries[0]!]?.length);
} finally {
  await browser.close(); await plainServer.close(); await start.stop();
}
