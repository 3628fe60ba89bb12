import type { LoadedSearch } from '../../src/lib/search/index-load.ts';
import { toArtifacts } from '../../src/lib/artifacts/emit.ts';
import type { BaselineDocument } from '../../bench/baseline.ts';
import type { Wiki } from '../../src/lib/wiki/pipeline.ts';
import { loadSearch } from '../../src/lib/search/index-load.ts';
import type { SearchDocument } from '../../src/lib/search/index-schema.ts';

/** A document's normalised Markdown (`_wiki/docs/<id>.md`), as the build wrote it. */
export type MarkdownOf = (document: SearchDocument) => string | undefined;
import { emitContext, loadWiki, siteConfig } from '../../src/node/wiki-build.ts';

/** What to leave out of a build when measuring what it is worth. */
export interface Ablation {
  glossary?: boolean;
  aliases?: boolean;
}

/** Builds a corpus the way `npm run build` does and loads its search index the way clients do. */
export function buildWikiSearch(root: string, keep: Ablation = {}): { wiki: Wiki; files: Map<string, string>; search: LoadedSearch; markdownOf: MarkdownOf } {
  const config = siteConfig();
  const built = loadWiki(root, config, '/');
  // A copy: the loaded wiki is shared through a process-wide cache.
  const wiki: Wiki = {
    ...built,
    documents: built.documents.map((d) => ({
      ...d,
      source: { ...d.source, glossary: keep.glossary === false ? false : d.source.glossary, aliases: keep.aliases === false ? [] : d.source.aliases },
    })),
  };
  const files = toArtifacts(wiki, emitContext(wiki, config, root));
  return { wiki, files, search: loadSearch(JSON.parse(files.get('_wiki/search-index.json')!)), markdownOf: (d) => files.get(`_wiki/docs/${d.id}.md`) };
}

/** The same documents as the seed's scorer sees them. */
export function baselineDocuments(wiki: Wiki): BaselineDocument[] {
  return wiki.documents.map((d) => ({
    id: d.source.id,
    title: d.source.title,
    tags: d.source.tags,
    headings: d.source.markdown.headings.map((h) => h.text),
    body: d.source.markdown.sections.map((s) => s.text).join('\n'),
  }));
}
