// The real corpora the repository carries (test/corpora/<name>, each with its SOURCE.md naming its origin and licence):
// ko-react-docs (react.dev in Korean, CC BY 4.0), ko-vue-docs (vuejs.org in Korean, CC BY 4.0), ko-cs-study (study notes,
// MIT). Suites read them from here, so a fresh clone runs every corpus suite and none skips.
import { existsSync } from 'node:fs';
import { corpusRoot } from '../../scripts/lib/corpus-root.ts';

export type CorpusName = 'ko-react-docs' | 'ko-vue-docs' | 'ko-cs-study';

/** The folder of corpus `name`; throws when the repository does not carry it (a suite must fail, not skip). */
export function corpus(name: CorpusName): string {
  const dir = corpusRoot(name);
  if (!existsSync(dir)) throw new Error(`test/corpora/${name} is missing: the corpus suites read the copy the repository carries`);
  return dir;
}
