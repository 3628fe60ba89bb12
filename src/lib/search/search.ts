import { DERIVED_TERM_WEIGHTS, EXPANSION_WEIGHT, processQueryTerm, queryDocuments, queryTerms, SECTION_RANK_DEPTH } from './contract.ts';
import { tokenize } from './tokenize.ts';
import { documentScore, prepareDocument, scoreSections, sectionPath, type PreparedDocument, type RankTerm } from './section-rank.ts';
import type { LoadedSearch, SearchDocument } from './envelope.ts';

/** Narrowing applied to documents before ranking. */
export interface SearchFilters {
  project?: string | undefined;
  category?: string | undefined;
  /** Every tag listed must be on the document. */
  tags?: readonly string[] | undefined;
}

/** One ranked document with the section that matched best. */
export interface SearchHit {
  document: SearchDocument;
  score: number;
  /** Best-matching section; anchor '' means the top of the document. */
  section: { anchor: string; path: string[] };
  /** Index terms that matched, for highlighting. */
  terms: string[];
}

/** Hard cap on query length, shared by the site and the MCP server. */
export const MAX_QUERY_LENGTH = 4000;

/** Gives a document's normalised Markdown (`_wiki/docs/<id>.md`) when the caller has it at hand. */
export type MarkdownOf = (document: SearchDocument) => string | undefined;

/** First-stage result: documents ranked by the index, with what the section ranking needs. */
export interface DocumentRanking {
  query: string;
  /** Index terms each document matched (distinct, as MiniSearch reports them). */
  ranked: { doc: number; score: number; terms: readonly string[] }[];
  terms: RankTerm[];
  titleTerms: string[];
}

/** Stage one: ranks whole documents with the index, filtered. Cheap; needs no Markdown. */
export function rankDocuments(search: LoadedSearch, query: string, filters: SearchFilters = {}): DocumentRanking {
  const q = query.trim().slice(0, MAX_QUERY_LENGTH);
  if (!q) return { query: q, ranked: [], terms: [], titleTerms: [] };
  const expansion = search.matcher.expand(q);
  const matches = queryDocuments(search.index, q, expansion);
  const ranked = matches
    .filter((m) => search.documents[m.doc] && matchesFilters(search.documents[m.doc]!, filters))
    .map((m) => ({ doc: m.doc, score: m.score, terms: m.terms }))
    .sort((a, b) => b.score - a.score || a.doc - b.doc);
  const typed = new Set(tokenize(q).filter((t) => processQueryTerm(t) !== null));
  const expanded = new Set([...queryTerms(q), ...queryTerms(expansion)].filter((t) => !typed.has(t)));
  // Every term the query stands for, also ones the index dropped from bodies for being common.
  const asked = [...typed, ...expanded];
  const weightOf = (t: string) => (typed.has(t) ? 1 : EXPANSION_WEIGHT);
  // Prefix and typo matches of the documents that may be section-scored (50 is the MCP tool's largest limit).
  const all = new Set([...asked, ...ranked.slice(0, Math.max(SECTION_RANK_DEPTH, 50)).flatMap((r) => r.terms)]);
  const terms = [...all].sort().map((term): RankTerm => {
    const frequency = search.sectionFrequency.get(term) ?? [];
    if (typed.has(term) || expanded.has(term)) return { term, source: term, weight: weightOf(term), frequency };
    // Reached by prefix or typo tolerance: weighted as MiniSearch weighs such matches.
    const prefix = asked.filter((a) => term.startsWith(a)).sort((a, b) => b.length - a.length)[0];
    if (prefix) return { term, source: prefix, weight: weightOf(prefix) * DERIVED_TERM_WEIGHTS.prefix * (term.length / (term.length + 0.3 * (term.length - prefix.length))), frequency };
    return { term, source: term, weight: EXPANSION_WEIGHT * DERIVED_TERM_WEIGHTS.fuzzy * (term.length / (term.length + 1)), frequency };
  });
  return { query: q, ranked, terms, titleTerms: [...typed] };
}

/** How many of the best documents get their sections scored: at least SECTION_RANK_DEPTH, and every hit asked for. */
function sectionRankDepth(limit: number): number {
  return Math.max(limit, SECTION_RANK_DEPTH);
}

/**
 * Stage two: the best documents (see `sectionRankDepth`) whose Markdown is at hand are re-scored by
 * their sections and reordered; each hit points at its best section. Without Markdown the index's
 * order stands and hits point at the top of the page.
 */
export function finishSearch(search: LoadedSearch, ranking: DocumentRanking, limit = 10, markdownOf?: MarkdownOf): SearchHit[] {
  const depth = Math.max(0, limit);
  const head = ranking.ranked.slice(0, sectionRankDepth(depth));
  const scored = head.map((r) => {
    const document = search.documents[r.doc]!;
    const markdown = markdownOf?.(document);
    if (markdown === undefined) return { r, document, ranked: false, score: r.score, section: 0 };
    const scores = scoreSections(preparedOf(search, document, markdown), ranking.terms, search.sectionStats);
    return { r, document, ranked: true, score: documentScore(scores), section: bestSection(scores, isTitleQuery(document.title, ranking.titleTerms)) };
  });
  // Section-ranked documents first (their scores are comparable with each other), then the rest in index order.
  const reranked = scored.filter((s) => s.ranked).sort((a, b) => b.score - a.score || a.r.doc - b.r.doc);
  const rest = scored.filter((s) => !s.ranked);
  return [...reranked, ...rest].slice(0, depth).map((s) => ({ document: s.document, score: round(s.score), section: sectionAt(s.document, s.section), terms: [...s.r.terms].sort() }));
}

/** The search every caller uses when it has the Markdown at hand (MCP server, evaluation, benchmarks). */
export function searchDocuments(search: LoadedSearch, query: string, filters: SearchFilters = {}, limit = 10, markdownOf?: MarkdownOf): SearchHit[] {
  return finishSearch(search, rankDocuments(search, query, filters), limit, markdownOf);
}

/** The same search when Markdown has to be fetched (the browser, an MCP server reading a URL). */
export async function searchDocumentsAsync(search: LoadedSearch, query: string, filters: SearchFilters, limit: number, loadMarkdown: (document: SearchDocument) => Promise<string | undefined>): Promise<SearchHit[]> {
  const ranking = rankDocuments(search, query, filters);
  return finishSearch(search, ranking, limit, await fetchSectionMarkdown(search, ranking, limit, loadMarkdown));
}

/** Loads the Markdown `finishSearch(…, limit, …)` will ask for; a document whose Markdown fails keeps its index rank. */
export async function fetchSectionMarkdown(search: LoadedSearch, ranking: DocumentRanking, limit: number, loadMarkdown: (document: SearchDocument) => Promise<string | undefined>): Promise<MarkdownOf> {
  const head = ranking.ranked.slice(0, sectionRankDepth(Math.max(0, limit))).map((r) => search.documents[r.doc]!);
  const texts = new Map(await Promise.all(head.map(async (d) => [d.id, await loadMarkdown(d).catch(() => undefined)] as const)));
  return (d) => texts.get(d.id);
}

/** Prepared documents kept per loaded search, so typing a query does not cut the same Markdown again. */
const PREPARED_KEPT = 256;
const prepared = new WeakMap<LoadedSearch, Map<string, { markdown: string; prepared: PreparedDocument }>>();

function preparedOf(search: LoadedSearch, document: SearchDocument, markdown: string): PreparedDocument {
  let cache = prepared.get(search);
  if (!cache) prepared.set(search, (cache = new Map()));
  const hit = cache.get(document.id);
  if (hit && hit.markdown === markdown) {
    // Refresh its place so the least recently used entry is the one dropped.
    cache.delete(document.id);
    cache.set(document.id, hit);
    return hit.prepared;
  }
  const entry = { markdown, prepared: prepareDocument(document, markdown) };
  cache.set(document.id, entry);
  if (cache.size > PREPARED_KEPT) cache.delete(cache.keys().next().value!);
  return entry.prepared;
}

/** A query made only of title words is about the whole page; otherwise the best-matching section wins. */
function bestSection(scores: readonly number[], titleQuery: boolean): number {
  if (titleQuery) return 0;
  let best = 0;
  let bestScore = -1;
  scores.forEach((score, s) => {
    if (s === 0 && scores.length > 1 && scores.slice(1).some((x) => x > 0)) return;
    if (score > bestScore) [best, bestScore] = [s, score];
  });
  return best;
}

function isTitleQuery(title: string, terms: readonly string[]): boolean {
  const titleTerms = new Set(tokenize(title));
  return terms.length > 0 && terms.every((t) => titleTerms.has(t));
}

/** The heading path of section `index` (outermost heading first). */
export function sectionAt(document: SearchDocument, index: number): { anchor: string; path: string[] } {
  const section = document.sections[index];
  if (!section || index === 0) return { anchor: '', path: [] };
  return { anchor: section.anchor, path: sectionPath(document, index) };
}

function matchesFilters(d: SearchDocument, f: SearchFilters): boolean {
  if (f.project && d.project !== f.project) return false;
  if (f.category && d.category !== f.category) return false;
  if (f.tags?.length && !f.tags.every((t) => d.tags.includes(t))) return false;
  return true;
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
