import { buildSearch, type LoadedSearch } from '../../src/lib/search/envelope.ts';
import { toArtifacts } from '../../src/lib/artifacts/emit.ts';
import type { BaselineDocument } from '../../src/lib/search/baseline.ts';
import type { Wiki } from '../../src/lib/pipeline.ts';
import { loadSearch } from '../../src/lib/search/envelope.ts';
import { emitContext, loadWiki, siteConfig } from '../../src/integrations/wiki-build.ts';

/** Builds a corpus the way `npm run build` does and loads its search index the way clients do. */
export function buildWikiSearch(root: string): { wiki: Wiki; search: LoadedSearch } {
  const config = siteConfig();
  const wiki = loadWiki(root, config, '/');
  const files = toArtifacts(wiki, emitContext(wiki, config, root));
  return { wiki, search: loadSearch(JSON.parse(files.get('_wiki/search-index.json')!)) };
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

export { buildSearch };
