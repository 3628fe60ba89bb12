// Where the real corpora are, apart from the build (the server tests that look one up do not load the build).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Where a corpus is: the copy the repository carries (`test/corpora/<name>`: ko-react-docs and ko-vue-docs under
 * CC BY 4.0, ko-cs-study under MIT, each whole with its SOURCE.md and notice), so the quality floors, the corpus suites
 * and `npm run eval:search` read the same files on every clone; `../shared/corpora/<name>` for one it does not carry.
 */
export function corpusRoot(name: string, root = resolve(import.meta.dirname, '../..')): string {
  const carried = resolve(root, 'test/corpora', name);
  return existsSync(carried) ? carried : resolve(root, '../shared/corpora', name);
}
