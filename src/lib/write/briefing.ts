import type { CatalogEntry } from '../artifacts/schema.ts';
import { stripFrontmatter } from '../wiki/frontmatter-fence.ts';

/** How many recently updated documents a briefing lists. */
export const BRIEFING_RECENT = 10;
/** Most glossary rows a briefing lists. */
const BRIEFING_TERMS = 30;

/** The body of a normalised `_wiki/docs/<id>.md`: everything after its frontmatter. */
export function promptBody(markdown: string): string {
  return stripFrontmatter(markdown).replace(/^\n+/, '');
}

/** `knowledge://documents/<id>` with each segment encoded (as the MCP resource names it). */
export function knowledgeUri(id: string): string {
  return `knowledge://documents/${id.split('/').map(encodeURIComponent).join('/')}`;
}

/** The project's entry point: `<project>-overview` if present, else its most linked-to document. */
export function overviewOf(project: string, docs: readonly CatalogEntry[]): CatalogEntry | undefined {
  const mine = docs.filter((d) => d.project === project);
  return mine.find((d) => d.id === `${project}-overview`) ?? [...mine].sort((a, b) => b.backlinks.length - a.backlinks.length || (a.id < b.id ? -1 : 1))[0];
}

/** The project's documents, most recently updated first. */
export function recentOf(project: string, docs: readonly CatalogEntry[], limit = BRIEFING_RECENT): CatalogEntry[] {
  return docs
    .filter((d) => d.project === project)
    .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : a.id < b.id ? -1 : 1))
    .slice(0, limit);
}

/** Glossary documents: the catalog does not carry `glossary: true`, so tag `glossary` or id `glossary` marks them. */
export function glossaryDocuments(docs: readonly CatalogEntry[]): CatalogEntry[] {
  return docs.filter((d) => d.id === 'glossary' || d.id.endsWith('/glossary') || d.tags.some((t) => t.toLowerCase() === 'glossary'));
}

/** Synonym groups (from glossary documents) with a member that the project's documents mention. */
export function projectTerms(
  project: string,
  docs: readonly CatalogEntry[],
  synonyms: readonly (readonly string[])[],
  markdownOf: (id: string) => string,
): (readonly string[])[] {
  const text = docs
    .filter((d) => d.project === project)
    .map((d) => `${d.title}\n${markdownOf(d.id)}`)
    .join('\n')
    .toLowerCase();
  return synonyms.filter((group) => group.some((term) => term.length > 1 && text.includes(term.toLowerCase()))).slice(0, BRIEFING_TERMS);
}

/** The briefing prompt text: overview, glossary terms and recent changes, each with its knowledge:// link. */
export function briefingText(
  project: string,
  docs: readonly CatalogEntry[],
  synonyms: readonly (readonly string[])[],
  markdownOf: (id: string) => string,
): string {
  const line = (d: CatalogEntry) =>
    `- [${d.title}](${knowledgeUri(d.id)}) — id \`${d.id}\`, ${d.category}, updated ${d.updatedAt.slice(0, 10)}${d.summary ? `: ${d.summary}` : ''}`;
  const overview = overviewOf(project, docs);
  const terms = projectTerms(project, docs, synonyms, markdownOf);
  const glossary = glossaryDocuments(docs);
  const out = [
    `# Briefing: project "${project}"`,
    '',
    `Before working on anything in "${project}", read the overview, keep the team's terms below in mind, and check the recent changes. Search with search_knowledge (project: "${project}") and read documents with read_knowledge or their knowledge:// links.`,
    '',
  ];
  out.push('## Overview', '', overview ? line(overview) : '- (no overview document yet)', '');
  out.push('## Glossary terms', '');
  if (terms.length) out.push(...terms.map((g) => `- ${g[0]}: ${g.slice(1).join(', ')}`));
  else out.push('- (no glossary terms mention this project)');
  if (glossary.length) out.push('', `Full glossary: ${glossary.map((d) => `[${d.title}](${knowledgeUri(d.id)})`).join(', ')}`);
  out.push(
    '',
    `## Recently updated (${Math.min(BRIEFING_RECENT, docs.filter((d) => d.project === project).length)})`,
    '',
    ...recentOf(project, docs).map(line),
    '',
  );
  return out.join('\n');
}
