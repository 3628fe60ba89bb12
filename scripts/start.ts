// `npm start`: the MCP server with --http --site ./dist (site, /mcp and /healthz on one port), building first if needed.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { main } from '../mcp/main.ts';
import { spawnAstroBuild } from '../src/node/build-process.ts';

/** Runs `astro build` as `npm run build` does. */
function buildSite(dir: string): number {
  if (resolve(dir) !== resolve('dist')) {
    console.error(`maru: no build in ${dir} (looked for _wiki/manifest.json). Build it, or omit --site to build ./dist here.`);
    return 1;
  }
  console.error(existsSync(join(dir, '_wiki', 'manifest.json')) ? 'maru: rebuilding ./dist…' : 'maru: no build in ./dist yet; running astro build…');
  // The build's own output goes to stderr too, so stdout stays clean for anyone piping this process.
  const run = spawnAstroBuild([], { stdio: ['ignore', 2, 2] });
  if (run.status !== 0) console.error(`maru: astro build failed (exit ${run.status ?? run.signal}); fix the errors above and run npm start again.`);
  return run.status ?? 1;
}

process.exitCode = await main(process.argv.slice(2), 'start', {
  prepare: ({ site }) => (site !== undefined && !existsSync(join(site, '_wiki', 'manifest.json')) ? buildSite(site) : 0),
  rebuild: (dir, error) => {
    // A ./dist left by an older version (other artifact or search-options version) is rebuilt, not refused.
    if (resolve(dir) !== resolve('dist') || !/Rebuild with/.test(error.message)) return false;
    console.error(`maru: ${error.message.split('\n')[0]}`);
    if (buildSite(dir) !== 0) throw new Error('the rebuild failed; see the errors above.');
    return true;
  },
});
