// npm run artifacts -- [--content <dir>] --out <dir> [--base /path/] [--no-cache]: only the _wiki/* artifacts, without the site (fast; CI uses it for the base branch).
import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { contentRoot } from '../src/node/collect.ts';
import { cacheDir } from '../src/node/parse-cache.ts';
import { buildArtifacts } from '../src/node/wiki-build.ts';

const { values } = parseArgs({
  allowNegative: true,
  options: {
    content: { type: 'string' },
    out: { type: 'string', default: 'dist' },
    base: { type: 'string', default: '/' },
    // The parse and index caches (MARU_CACHE_DIR, else node_modules/.cache/maru): a rebuild redoes only changed documents.
    cache: { type: 'boolean', default: true },
  },
});
try {
  const cache = values.cache ? cacheDir() : undefined;
  const { wiki, files, reuse } = buildArtifacts(values.content ? resolve(values.content) : contentRoot(), resolve(values.out), values.base, cache);
  console.log(`${wiki.documents.length} documents, ${files.size} files written to ${values.out}`);
  if (reuse && cache) {
    console.log(
      `parsed ${reuse.parsed} of ${reuse.files} files, tokenized ${reuse.tokenized} of ${wiki.documents.length} documents (the others from ${relative(process.cwd(), cache)})`,
    );
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
