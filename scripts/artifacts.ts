// npm run artifacts -- --content <dir> --out <dir> [--base /path/]: only the _wiki/* artifacts, without the site (fast; CI uses it for the base branch).
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildArtifacts } from '../src/node/wiki-build.ts';

const { values } = parseArgs({
  options: { content: { type: 'string', default: 'content' }, out: { type: 'string', default: 'dist' }, base: { type: 'string', default: '/' } },
});
try {
  const { wiki, files } = buildArtifacts(resolve(values.content), resolve(values.out), values.base);
  console.log(`${wiki.documents.length} documents, ${files.size} files written to ${values.out}`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
