import { queryTerms, queryUnits } from './contract.ts';
import { tokenize } from './tokenize.ts';
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
/** Weight of a document's other matching sections relative to its best one. */
const OTHER_SECTIONS_WEIGHT = 0.3;
/** How many other sections count towards a document's score. */
const OTHER_SECTIONS_COUNTED = 5;

/** The search every caller uses: ranked documents for a query, filtered, each with its best section. */
export function searchDocuments(search: LoadedSearch, query: string, filters: SearchFilters = {}, limit = 10): SearchHit[] {
  const q = query.trim().slice(0, MAX_QUERY_LENGTH);
  if (!q) return [];
  const allowed = (d: SearchDocument) => matchesFilters(d, filters);
  const perDoc = new Map<number, { units: Map<number, number>; terms: Set<string> }>();
  for (const unit of queryUnits(search.index, q, search.matcher.expand(q))) {
    const [d, s] = unit.id.split('.').map(Number) as [number, number];
    const doc = search.documents[d];
    if (!doc || !allowed(doc)) continue;
    const entry = perDoc.get(d) ?? { units: new Map<number, number>(), terms: new Set<string>() };
    entry.units.set(s, unit.score);
    unit.terms.forEach((t) => entry.terms.add(t));
    perDoc.set(d, entry);
  }
  const terms = queryTerms(q);
  const ranked = [...perDoc].map(([d, e]) => ({ d, e, score: round(documentScore([...e.units.values()])) }));
  ranked.sort((a, b) => b.score - a.score || a.d - b.d);
  const top = ranked.slice(0, Math.max(0, limit)).map(({ d, e, score }): SearchHit => {
    const document = search.documents[d]!;
    const section = sectionAt(document, bestSection(e.units, isTitleQuery(document.title, terms)));
    return { document, score, section, terms: [...e.terms].sort() };
  });
  return top;
}

/** The best section's score plus a share of the next few, so one long page cannot win on volume. */
function documentScore(scores: number[]): number {
  const [best = 0, ...rest] = scores.sort((a, b) => b - a);
  return best + OTHER_SECTIONS_WEIGHT * rest.slice(0, OTHER_SECTIONS_COUNTED).reduce((a, b) => a + b, 0);
}

/** A query made only of title words is about the whole page; otherwise the best-matching section wins. */
function bestSection(units: Map<number, number>, titleQuery: boolean): number {
  let best = 0;
  let bestScore = -1;
  for (const [s, score] of units) {
    if (s === 0 && units.size > 1 && !titleQuery) continue;
    if (score > bestScore || (score === bestScore && s < best)) [best, bestScore] = [s, score];
  }
  return titleQuery ? 0 : best;
}

function isTitleQuery(title: string, terms: readonly string[]): boolean {
  const titleTerms = new Set(tokenize(title));
  return terms.length > 0 && terms.every((t) => titleTerms.has(t));
}

/** The heading path of section `index` (outermost heading first). */
export function sectionAt(document: SearchDocument, index: number): { anchor: string; path: string[] } {
  const section = document.sections[index];
  if (!section || index === 0) return { anchor: '', path: [] };
  const path = [section.heading];
  let depth = section.depth;
  for (let i = index - 1; i > 0 && depth > 2; i--) {
    const s = document.sections[i]!;
    if (s.depth < depth) {
      path.unshift(s.heading);
      depth = s.depth;
    }
  }
  return { anchor: section.anchor, path };
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
