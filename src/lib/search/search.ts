import {
  DERIVED_TERM_WEIGHTS,
  DERIVED_WEIGHT,
  EXPANSION_WEIGHT,
  prepareTermLookup,
  processQueryTerm,
  queryAll,
  queryBest,
  SECTION_RANK_DEPTH,
} from './contract.ts';
import { COVERAGE_BOOST } from './ranking.ts';
import { derivedQueryTerms, tokenizeQuery } from './tokenize.ts';
import { documentScore, inverseDocumentFrequency, prepareDocument, scoreSections, sectionPath, type PreparedDocument, type RankTerm } from './section-rank.ts';
import { coverageOf, identifierAlternative, matchLevel, PARTIAL_MATCH_COVERAGE, queryWords, type MatchLevel, type QueryUnit } from './coverage.ts';
import { forUnansweredQuery } from './coordination.ts';
import { expandQuery } from './expand.ts';
import { hitSnippet, sectionTexts, type DocumentText, type Snippet } from './snippet.ts';
import { isChoseongQuery } from './choseong.ts';
import { choseongMatches } from './choseong-readings.ts';
import { namedTerms } from './names.ts';
import { calledFirst, headForms, isCalled } from './head-query.ts';
import type { LoadedSearch } from './index-load.ts';
import type { SearchDocument } from './index-schema.ts';
import { joinPhrasings, phrasingsOf } from './fuse.ts';
import { hitTextOf, verifyUnits, type Spelling } from './truthful.ts';

export type { MatchLevel };

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
  /**
   * The query's words this document matched (directly or through another spelling of them). Checked against the hit's
   * text when the search had it (`hitText`): then each is in the text, or named in `spelledAs` with the text's spelling.
   */
  matchedTerms: string[];
  /** Words of `matchedTerms` the text has in another spelling: `{ term: '파드', as: 'pod' }`. */
  spelledAs?: Spelling[];
  /** Share of the query this document covers, weighted by how rare each word is (0–1). */
  coverage: number;
  /**
   * Which phrasings it answers (0: the query, 1…: `also`): those it covers at least in part on their own (see
   * `foundByOf`), else the ones it covers best; [0] for a single query.
   */
  foundBy?: number[];
}

/** A search's answer: hits best first, each with its snippet, and whether any of them covers the query. */
export interface SearchResult {
  query: string;
  /** The phrasings searched: the query, then the `also` ones kept (trimmed, repeats left out). */
  phrasings: string[];
  /** `full` when the best hit covers the query's main terms, `partial` for part of them, `none` otherwise. */
  match: MatchLevel;
  hits: ResultHit[];
  /** How many documents the query matches under the filters in all (the hits are the first `limit` of them). */
  total: number;
}

/** A hit as `search` returns it: with its snippet. */
export type ResultHit = SearchHit & { snippet: Snippet };

/** Hard cap on query length, shared by the site and the MCP server. */
export const MAX_QUERY_LENGTH = 4000;

/** Snippet length when the caller does not ask for another. */
export const DEFAULT_SNIPPET_LENGTH = 160;

/** Gives a document's snippet text (`documentText`, or the site's `_wiki/search/text/<id>.json`) when the caller has it at hand. */
export type TextOf = (document: SearchDocument) => DocumentText | undefined;

/** Options of `search`. */
export interface SearchOptions {
  filters?: SearchFilters;
  /**
   * Other phrasings of the same question (up to four, e.g. a calling AI's rewrites in the wiki's words): the documents
   * are ranked by all of them joined into one query (see fuse.ts for why), while `match`, coverage, matched words and
   * `foundBy` are taken phrasing by phrasing, so a hit is judged against the best-covered phrasing, never the sum.
   */
  also?: readonly string[];
  /**
   * A hit's whole text (its Markdown, as read_knowledge returns it), to check the words a hit reports against (see
   * truthful.ts). Without it the reported words are those whose every index term the document has.
   */
  hitText?: (document: SearchDocument) => Promise<string | undefined> | string | undefined;
  /** Most hits returned (default 10). */
  limit?: number;
  /**
   * Hits to skip, for paging (default 0): the hits are those at `offset`… of the order a search of `limit` hits ranks, so
   * pages of one `limit` follow each other without gaps or repeats. Snippets are cut only for the hits returned.
   */
  offset?: number;
  /**
   * A hit's snippet text (see `documentText`); may be slow (fetched) and may fail. Asked only for the hits
   * returned, after ranking: the ranking itself needs nothing but the index.
   */
  loadText?: (document: SearchDocument) => Promise<DocumentText | undefined> | DocumentText | undefined;
  /**
   * Called before waiting for anything, with the best answer at hand: with a split index whose shards are
   * still coming, the hits ranked from the postings already there (only when there are some; summaries as
   * snippets); once ranked, the final hits with snippets from texts at hand (else summaries). The site shows each at once; the last
   * call has the final hits, order and sections, and the result adds the fetched snippets.
   */
  onRanked?: (result: SearchResult) => void;
  /** Called with each stage's duration in milliseconds (rank: index and sections; load: waiting for text; finish: snippets). */
  onTiming?: (stage: 'rank' | 'load' | 'finish', ms: number) => void;
  /** Snippet length in characters (default 160). */
  snippetLength?: number;
}

/**
 * The one search of the site and the MCP server: ranks documents with the index, re-ranks the best by
 * their sections (from the index's section postings), and returns hits with snippets and how well they
 * cover the query. With the site's split index it first fetches the shards the query's terms are in.
 */
export async function search(loaded: LoadedSearch, query: string, options: SearchOptions = {}): Promise<SearchResult> {
  const { filters = {}, limit = 10, offset = 0, loadText, onRanked, onTiming, snippetLength = DEFAULT_SNIPPET_LENGTH, hitText } = options;
  const skip = Math.max(0, offset);
  const phrasings = phrasingsOf(query, options.also);
  let work = 0;
  let waited = 0;
  let ranking: Phrased;
  let hits: SearchHit[];
  for (;;) {
    const t = now();
    ranking = rankPhrasings(loaded, phrasings, filters, limit, skip);
    hits = finishSearch(loaded, ranking.joined, limit, skip, ranking.units);
    work += now() - t;
    // A split index (the site's) lacks the postings of terms whose shards it has not fetched: fetch them and rank again.
    const missing = loaded.shards?.takeMissing() ?? [];
    if (!missing.length) break;
    // Summaries for snippets: asking for texts now would fetch them for hits that may not stay.
    // Not while a hit's details (its link, its sections) are still coming with the split index's document chunks.
    if (onRanked && hits.length && hits.every((h) => loaded.shards!.has(h.document))) onRanked(withSnippets(ranking, hits, undefined, snippetLength, skip));
    const w = now();
    await loaded.shards!.fetch(missing);
    waited += now() - w;
  }
  const t1 = now();
  const texts = new Map<string, DocumentText | Promise<DocumentText | undefined> | undefined>();
  for (const h of hits.slice(skip)) {
    try {
      texts.set(h.document.id, loadText?.(h.document));
    } catch {
      texts.set(h.document.id, undefined);
    }
  }
  // The whole texts of every hit up to the page's end: the verdict on the result is taken over all of them.
  const whole = new Map<string, string | undefined>();
  if (hitText) {
    await Promise.all(
      hits.map(async (h) => {
        try {
          whole.set(h.document.id, await hitText(h.document));
        } catch {
          whole.set(h.document.id, undefined);
        }
      }),
    );
  }
  const wholeOf = hitText ? (d: SearchDocument) => whole.get(d.id) : undefined;
  const pending = [...texts].filter((e): e is [string, Promise<DocumentText | undefined>] => e[1] instanceof Promise);
  if (pending.length && onRanked) onRanked(withSnippets(ranking, hits, (d) => atHand(texts.get(d.id)), snippetLength, skip, wholeOf));
  await Promise.all(pending.map(async ([id, p]) => texts.set(id, await p.catch(() => undefined))));
  const t2 = now();
  const snippetText = (d: SearchDocument) => atHand(texts.get(d.id));
  const result = withSnippets(ranking, hits, snippetText, snippetLength, skip, wholeOf);
  // Without whole texts (the site), the words a hit reports are checked against its snippet texts (see `wordsInTexts`).
  if (!hitText) result.hits = result.hits.map((h) => wordsInTexts(ranking, h, snippetText(h.document)));
  onTiming?.('rank', work);
  onTiming?.('load', waited + t2 - t1);
  onTiming?.('finish', now() - t2);
  return result;
}

function atHand(text: DocumentText | Promise<DocumentText | undefined> | undefined): DocumentText | undefined {
  return text instanceof Promise ? undefined : text;
}

/** The same search when every text is already in memory (build, evaluation, benchmarks). */
export function searchSync(
  loaded: LoadedSearch,
  query: string,
  options: Omit<SearchOptions, 'loadText' | 'onTiming' | 'onRanked' | 'hitText'> & {
    textOf?: TextOf;
    hitTextOf?: (document: SearchDocument) => string | undefined;
  } = {},
): SearchResult {
  const { filters = {}, limit = 10, textOf, snippetLength = DEFAULT_SNIPPET_LENGTH, hitTextOf } = options;
  const ranked = rankPhrasings(loaded, phrasingsOf(query, options.also), filters, limit, 0);
  const result = withSnippets(ranked, finishSearch(loaded, ranked.joined, limit, 0, ranked.units), textOf, snippetLength, 0, hitTextOf);
  // As `search` does without whole texts: the reported words checked against the snippet texts.
  if (!hitTextOf && textOf) result.hits = result.hits.map((h) => wordsInTexts(ranked, h, textOf(h.document)));
  return result;
}

/** A search's phrasings: the documents ranked by all of them as one query, and each phrasing's own words. */
interface Phrased {
  joined: DocumentRanking;
  phrasings: string[];
  /** Per phrasing, its words as coverage counts them (one entry, the joined query's, for a single phrasing). */
  units: QueryUnit[][];
}

/**
 * The phrasings ranked as one query, their words joined (see fuse.ts): a document having the words several phrasings
 * share, or the rare words of any, ranks first. A blank query stands for itself, and finds nothing.
 */
function rankPhrasings(loaded: LoadedSearch, phrasings: readonly string[], filters: SearchFilters, limit: number, skip: number): Phrased {
  const joined = rankDocuments(loaded, joinPhrasings(phrasings), filters, rankDepth(skip + limit));
  const units = phrasings.length > 1 ? phrasings.map((p) => queryUnits(loaded, p)) : [joined.units];
  return { joined, phrasings: [...phrasings], units };
}

/**
 * Builds at load what the first search would otherwise build (the spelling and name tables, the first stage's flat
 * view of the index) and runs the code every search runs, answers thrown away: probe queries in Hangul (with a
 * vowel the tokenizer folds, whose decoder starts on first use, loanwords and a compound) and Latin (prefix and typo
 * matches), their sections scored and, with `textOf`, their snippets cut. The MCP server calls it once a build is loaded, so its first
 * search_knowledge costs what later ones do: the first query after load cost 100–200 ms more than the same query later
 * at 10,000 documents (compiling, one-time tables, the snippet patterns).
 */
export function warmSearch(loaded: LoadedSearch, textOf?: TextOf): void {
  prepareTermLookup(loaded.index);
  // Every document's sections as the section stage reads them (140–270 ms at 10,000 documents, about 50 MiB): a cold
  // query prepares forty documents, and tokenizing their titles and headings was a fifth of its time.
  for (const document of loaded.documents) preparedOf(document);
  // The most common terms decoded now (postings and section postings): theirs are the longest lines, the likeliest to be
  // in a query, and decoding them runs the decoders long enough to be compiled (about 24 MB at most at 10,000 documents).
  const common = [...loaded.sectionFrequency]
    .map(([term, counts]) => ({ term, sections: counts.reduce((a, b) => a + b, 0) }))
    .sort((a, b) => b.sections - a.sections || (a.term < b.term ? -1 : 1))
    .slice(0, WARM_TERMS);
  for (const { term } of common) {
    loaded.sectionPostings.get(term);
    queryAll(loaded.index, [term]);
  }
  // The probes once with their data cold (terms decoded, lookups made, their hits' texts cut), then again until the
  // engine has compiled what every search runs: the first round of new queries after a single pass still ran partly
  // interpreted (up to 24 functions optimised, some deoptimised, during it at 10,000 documents), 2–3× their later runs.
  // The later rounds also move what the load left in the young generation out of it, so no query pays that collection.
  for (let round = 0; round < WARM_ROUNDS; round++) for (const query of WARM_QUERIES) searchSync(loaded, query, textOf ? { textOf } : {});
  // The snippet cleaning's patterns, compiled now even when the probes found nothing to cut.
  hitSnippet(WARM_DOCUMENT, '', ['검색'], sectionTexts(WARM_DOCUMENT, WARM_MARKDOWN), DEFAULT_SNIPPET_LENGTH);
}

/**
 * `warmSearch` for the site's split index, whose postings and documents arrive with the files its searches ask for: the
 * probes run through `search` itself (asking for what they need), snippets included, as often as `warmSearch` runs them,
 * with a turn of the event loop after each so that requests are answered meanwhile. No document is prepared ahead:
 * that would ask for every document's details, which a split index holds only once a search has needed them.
 */
export async function warmSplitSearch(loaded: LoadedSearch, loadText?: SearchOptions['loadText']): Promise<void> {
  for (let round = 0; round < WARM_ROUNDS; round++) {
    for (const query of WARM_QUERIES) {
      await search(loaded, query, loadText ? { loadText } : {});
      await new Promise((turn) => setTimeout(turn, 0));
    }
  }
  hitSnippet(WARM_DOCUMENT, '', ['검색'], sectionTexts(WARM_DOCUMENT, WARM_MARKDOWN), DEFAULT_SNIPPET_LENGTH);
}

/**
 * Probes reaching the paths queries take: Latin and Hangul words, a folded vowel, typos, loanwords, a compound, question
 * endings and stop words, digits and a hyphen. They share no term with the benchmark's queries (tested), whose first
 * round is meant to meet its own terms cold.
 */
export const WARM_QUERIES: readonly string[] = [
  'search 검색',
  '권한을 어떻게 바꾸나요',
  'serch indx',
  '라우터 미들웨어 설정',
  '빌드캐시는 언제 지우나요',
  'deploy config',
  '2-phase commit 롤백',
  '캐싱 전략은 무엇인가요',
];
/** How many times the probes run (see warmSearch); each round after the first costs a few milliseconds per probe. */
const WARM_ROUNDS = 4;
const WARM_TERMS = 300;
const WARM_MARKDOWN =
  '---\nid: warm\n---\n\n검색 `a_b` **굵게** [링크](https://example.com) <b>태그</b> [[위키|링크]] ![그림](x.png) [참조][r]\n\n> [!TIP] 인용\n\n| a | b |\n| --- | --- |\n\n- 목록\n\n```js\ncode\n```\n\n---\n\n[r]: https://example.com\n';
const WARM_DOCUMENT: SearchDocument = {
  id: 'warm',
  title: '검색',
  project: '',
  category: '',
  tags: [],
  aliases: [],
  updatedAt: '',
  url: '',
  summary: '검색',
  sections: [{ anchor: '', heading: '', depth: 1, line: 1, terms: 1 }],
};

/** The hits of `searchSync`, without snippets (for callers that only rank). */
export function searchDocuments(loaded: LoadedSearch, query: string, filters: SearchFilters = {}, limit = 10): SearchHit[] {
  return finishSearch(loaded, rankDocuments(loaded, query, filters, rankDepth(limit)), limit);
}

/** How the reported words of a hit come out once its text is checked (see truthful.ts): every phrasing's words it has. */
function verified(ranked: Phrased, hit: SearchHit, raw: string | undefined): SearchHit {
  if (raw === undefined) return hit;
  // Initials ('ㄱㅅ') match a title's initials: the title is what the hit has of them.
  if (ranked.joined.choseong) return { ...hit, spelledAs: hit.matchedTerms.map((term) => ({ term, as: hit.document.title })) };
  const text = hitTextOf(raw);
  const verdicts = ranked.units.map((units) => verifyUnits(units, text));
  const spelledAs: Spelling[] = [];
  for (const v of verdicts) for (const s of v.spelledAs) if (!spelledAs.some((x) => x.term === s.term)) spelledAs.push(s);
  const { matchedTerms, coverage, foundBy } = phrasingVerdict(verdicts);
  // The index's coverage is of the best section; the text's, of the whole page: the smaller is the one to stand by.
  return { ...hit, matchedTerms, spelledAs, coverage: Math.min(hit.coverage, coverage), ...(verdicts.length > 1 ? { foundBy } : {}) };
}

/**
 * A hit's reported words checked against the texts its snippet is cut from (each section's first SECTION_TEXT_CHARS
 * characters, with the title, aliases, tags and headings): only words found there are reported, so a word may be left
 * out that the rest of a long section has, never one the page lacks. Coverage and `match` stay the index's: a text cut
 * short is no evidence that a word is missing.
 */
function wordsInTexts<H extends SearchHit>(ranked: Phrased, hit: H, text: DocumentText | undefined): H {
  if (text === undefined || ranked.joined.choseong) return hit;
  const d = hit.document;
  const raw = [d.title, ...d.aliases, ...d.tags, ...d.sections.map((s, i) => `${s.heading}\n${text.at(i) ?? ''}`)].join('\n');
  const checked = verified(ranked, hit, raw);
  return { ...hit, matchedTerms: checked.matchedTerms, spelledAs: checked.spelledAs };
}

/**
 * The result for `hits` from `offset` on; how well the search answers the query is judged on every hit from the first,
 * with the words each reports checked against its whole text when `wholeOf` gives it.
 */
function withSnippets(
  ranked: Phrased,
  raw: readonly SearchHit[],
  textOf: TextOf | undefined,
  snippetLength: number,
  offset = 0,
  wholeOf?: (document: SearchDocument) => string | undefined,
): SearchResult {
  const ranking = ranked.joined;
  const hits = wholeOf ? raw.map((h) => verified(ranked, h, wholeOf(h.document))) : raw;
  return {
    query: (ranked.phrasings[0] ?? '').slice(0, MAX_QUERY_LENGTH),
    phrasings: ranked.phrasings,
    match: ranking.choseong ? (hits.length ? 'full' : 'none') : matchLevel(hits.length ? Math.max(...hits.map((h) => h.coverage)) : undefined),
    hits: hits.slice(offset).map((h) => ({ ...h, snippet: hitSnippet(h.document, h.section.anchor, h.terms, textOf?.(h.document), snippetLength) })),
    total: ranking.total,
  };
}

/** First-stage result: documents ranked by the index, with what the section ranking and coverage need. */
export interface DocumentRanking {
  query: string;
  /** The best documents, best first, with the index terms each matched (distinct, as MiniSearch reports them). */
  ranked: { doc: number; score: number; terms: readonly string[] }[];
  /** How many documents matched (`ranked` may hold only the best of them). */
  total: number;
  terms: RankTerm[];
  titleTerms: string[];
  units: QueryUnit[];
  /** True for a query of initial consonants, answered from titles and aliases. */
  choseong?: boolean;
  /** Query terms that documents name in their id (section 0) or a section's anchor, by document and section. */
  named?: ReadonlyMap<number, ReadonlyMap<number, readonly string[]>>;
}

/**
 * Stage one: ranks whole documents with the index, filtered. Cheap; needs no Markdown. `ranked` holds the best `keep`
 * (all by default: the evaluation reports where a missed answer ranked), `total` counts every match.
 */
export function rankDocuments(search: LoadedSearch, query: string, filters: SearchFilters = {}, keep = Infinity): DocumentRanking {
  const q = query.trim().slice(0, MAX_QUERY_LENGTH);
  if (!q) return { query: q, ranked: [], total: 0, terms: [], titleTerms: [], units: [] };
  if (isChoseongQuery(q)) {
    const ranked = choseongMatches(search, q).filter((m) => matchesFilters(search.documents[m.doc]!, filters));
    return { query: q, ranked: ranked.map((m) => ({ ...m, terms: [] })), total: ranked.length, terms: [], titleTerms: [], units: [], choseong: true };
  }
  const words = queryWords(q);
  const expansion = expandQuery(q, words, search.matcher, search.spellings);
  // The index sees the query's terms (endings stripped), not its raw text.
  // The matches keep their own objects: a match works out its terms only when read (for the best few dozen).
  // They come best first, ties by position (queryDocuments' order); the filters apply before the cut to `keep`.
  const filtered = Boolean(filters.project || filters.category || filters.tags?.length);
  const accept = (doc: number) => search.documents[doc] !== undefined && (!filtered || matchesFilters(search.documents[doc], filters));
  const derived = derivedQueryTerms(q);
  const { documents: ranked, total } = queryBest(search.index, tokenizeQuery(q), expansion.text, { limit: keep, accept }, derived);
  const typed = new Set(tokenizeQuery(q).filter((t) => processQueryTerm(t) !== null && !derived.has(t)));
  const expanded = new Set(
    expansion.alternatives
      .flat()
      .flatMap((a) => a.terms)
      .filter((t) => !typed.has(t)),
  );
  for (const [t] of derived) if (processQueryTerm(t) !== null && !typed.has(t)) expanded.add(t);
  // Every term the query stands for, also ones the index dropped from bodies for being common.
  const asked = [...typed, ...expanded];
  const expansionTerms = new Set(expansion.alternatives.flat().flatMap((a) => a.terms));
  const weightOf = (t: string) => (typed.has(t) ? 1 : derived.has(t) && !expansionTerms.has(t) ? DERIVED_WEIGHT : EXPANSION_WEIGHT);
  // Prefix and typo matches of the documents that may be section-scored.
  const all = new Set([...asked, ...ranked.slice(0, RANKED_TERMS_DEPTH).flatMap((r) => r.terms)]);
  const terms = [...all].sort().map((term): RankTerm => {
    const frequency = search.sectionFrequency.get(term) ?? [];
    // A stem counts for the word it stands for ('~memoiz' found is 'memoization' found).
    if (typed.has(term) || expanded.has(term)) return { term, source: typed.has(term) ? term : (derived.get(term) ?? term), weight: weightOf(term), frequency };
    // Reached by prefix or typo tolerance: weighted as MiniSearch weighs such matches.
    const prefix = asked.filter((a) => term.startsWith(a)).sort((a, b) => b.length - a.length)[0];
    if (prefix)
      return {
        term,
        source: prefix,
        weight: weightOf(prefix) * DERIVED_TERM_WEIGHTS.prefix * (term.length / (term.length + 0.3 * (term.length - prefix.length))),
        frequency,
      };
    const typo = [...typed].find((a) => /^[a-z]/.test(a) && withinEdits(a, term, 2)) ?? term;
    return { term, source: typo, weight: EXPANSION_WEIGHT * DERIVED_TERM_WEIGHTS.fuzzy * (term.length / (term.length + 1)), frequency };
  });
  const units = unitsOf(search, words, expansion);
  return { query: q, ranked, total, terms, titleTerms: [...typed], units, named: namedTerms(search.documents, [...typed]) };
}

/** A query's words as coverage counts them (each with its other spellings and rarity), without ranking anything. */
export function queryUnits(search: LoadedSearch, query: string): QueryUnit[] {
  const q = query.trim().slice(0, MAX_QUERY_LENGTH);
  if (!q || isChoseongQuery(q)) return [];
  const words = queryWords(q);
  return unitsOf(search, words, expandQuery(q, words, search.matcher, search.spellings));
}

function unitsOf(search: LoadedSearch, words: ReturnType<typeof queryWords>, expansion: ReturnType<typeof expandQuery>): QueryUnit[] {
  const rarity = (t: string) =>
    inverseDocumentFrequency(
      Math.min(
        search.sectionStats.sections,
        (search.sectionFrequency.get(t) ?? []).reduce((a, b) => a + b, 0),
      ),
      search.sectionStats.sections,
    );
  return words.map((w, i): QueryUnit => ({
    ...w,
    alternatives: [...(expansion.alternatives[i] ?? []), ...identifierAlternative(w)],
    weight: w.terms.reduce((s, t) => s + rarity(t), 0) / w.terms.length,
  }));
}

/** The best documents whose prefix and typo matches a ranking weighs: at least SECTION_RANK_DEPTH, and 50, the MCP tool's largest limit. */
const RANKED_TERMS_DEPTH = Math.max(SECTION_RANK_DEPTH, 50);

/** How many first-stage documents a search of `limit` hits reads: those it section-scores and those whose terms it weighs. */
function rankDepth(limit: number): number {
  return Math.max(sectionRankDepth(Math.max(0, limit)), RANKED_TERMS_DEPTH);
}

/** How many of the best documents get their sections scored: at least SECTION_RANK_DEPTH, and every hit asked for. */
function sectionRankDepth(limit: number): number {
  return Math.max(limit, SECTION_RANK_DEPTH);
}

/**
 * Stage two: the best documents (see `sectionRankDepth`) are re-scored by their sections (the index's
 * section postings give the prose counts) and reordered; each hit points at its best section. A 초성
 * query keeps the order of its title matches and points at the top of the page. With an `offset`, the hits
 * are the first `offset + limit` of that order: those past the re-scored ones follow them in the index's order
 * (their sections still scored, for the section they point at), so paging never reorders what a first page showed.
 */
export function finishSearch(search: LoadedSearch, ranking: DocumentRanking, limit = 10, offset = 0, phrasings?: readonly QueryUnit[][]): SearchHit[] {
  const depth = Math.max(0, limit);
  const end = depth + Math.max(0, offset);
  let covered = scoreCandidates(search, ranking, depth, end, ranking.terms);
  // Nothing covers even part of the query: rank again by its words and their rarity (see coordination.ts).
  const reranked = () => covered.filter((s) => s.ranked);
  if (!ranking.choseong && reranked().length && reranked().every((s) => s.coverage < PARTIAL_MATCH_COVERAGE)) {
    covered = scoreCandidates(search, ranking, depth, end, forUnansweredQuery(ranking.terms, ranking.units));
  }
  // Section-ranked documents first (their scores are comparable with each other), then the rest in index order.
  const scored = reranked().sort((a, b) => b.score - a.score || a.r.doc - b.r.doc);
  // A one-word query: the pages called by that word first (see head-query.ts).
  const forms = ranking.units.length === 1 && !ranking.choseong ? headForms(ranking.units[0]!) : undefined;
  const best = forms ? calledFirst(scored, (s) => isCalled(s.document, forms)) : scored;
  const rest = covered.filter((s) => !s.ranked);
  const sourceOf = new Map(ranking.terms.map((t) => [t.term, t.source]));
  return [...best, ...rest].slice(0, end).map((s) => {
    const hit = {
      document: s.document,
      score: round(s.score),
      section: sectionAt(s.document, s.section),
      terms: [...s.r.terms].sort(),
      matchedTerms: s.matched,
      spelledAs: [],
      coverage: s.coverage,
      foundBy: [0],
    };
    if (!phrasings || phrasings.length < 2 || ranking.choseong) return hit;
    // Several phrasings joined: the hit is judged against each of them, not against all their words at once.
    const each = phrasings.map((units) => bestCoverage(units, s.found, s.lead, sourceOf));
    return { ...hit, ...phrasingVerdict(each) };
  });
}

/**
 * What a hit found by several phrasings reports, from its verdict on each: the words of every phrasing it has, the
 * coverage of the phrasing it covers best, and which phrasings those are (see `foundByOf`).
 */
function phrasingVerdict(each: readonly { coverage: number; matched: readonly string[] }[]): Pick<SearchHit, 'matchedTerms' | 'coverage' | 'foundBy'> {
  return {
    matchedTerms: [...new Set(each.flatMap((v) => v.matched))],
    coverage: Math.max(0, ...each.map((v) => v.coverage)),
    foundBy: foundByOf(each.map((v) => v.coverage)),
  };
}

/**
 * The phrasings a hit answers: each it covers at least in part on its own (what `match: "partial"` would say of that
 * phrasing alone), else the ones it covers best; none when it has no whole word of any.
 */
export function foundByOf(coverages: readonly number[]): number[] {
  const enough = coverages.flatMap((c, i) => (c >= PARTIAL_MATCH_COVERAGE ? [i] : []));
  if (enough.length) return enough;
  const top = Math.max(0, ...coverages);
  return top > 0 ? coverages.flatMap((c, i) => (c === top ? [i] : [])) : [];
}

/**
 * The candidates scored by their sections with `rankTerms`, and how much of the query each covers: the best
 * `sectionRankDepth(depth)` are re-ranked by those scores, the ones after them (up to `end`) keep the index's order.
 */
function scoreCandidates(search: LoadedSearch, ranking: DocumentRanking, depth: number, end: number, rankTerms: readonly RankTerm[]) {
  const rankedCount = sectionRankDepth(depth);
  const head = ranking.ranked.slice(0, Math.max(rankedCount, end));
  const sourceOf = new Map(ranking.terms.map((t) => [t.term, t.source]));
  const terms = rankTerms.map((t) => ({ ...t, counts: search.sectionPostings.get(t.term) }));
  const scored = head.map((r, i) => {
    const document = search.documents[r.doc]!;
    if (ranking.choseong) return { r, document, ranked: false, score: r.score, section: 0, found: [], lead: new Set<string>() };
    const found: Set<string>[] = [];
    const prepared = preparedOf(document);
    const scores = scoreSections(prepared, r.doc, terms, search.sectionStats, found);
    // A section (or, by its id, the page) named in English has those words though its text says them in Korean.
    for (const [section, words] of ranking.named?.get(r.doc) ?? []) for (const w of words) (found[section] ??= new Set()).add(w);
    // The lead (title, aliases, tags, intro) is the context of every section.
    const lead = found[0] ?? new Set<string>();
    return {
      r,
      document,
      ranked: i < rankedCount,
      score: documentScore(scores),
      section: bestSection(scores, isTitleQuery(prepared.lead.title, ranking.titleTerms)),
      found,
      lead,
    };
  });
  return scored.map((s) => {
    const { coverage, matched, anywhere } = ranking.choseong
      ? { coverage: 1, matched: [ranking.query], anywhere: 1 }
      : bestCoverage(ranking.units, s.found, s.lead, sourceOf);
    // A page having more of the query's words, anywhere on it, ranks higher (see COVERAGE_BOOST).
    return { ...s, coverage, matched, score: ranking.choseong ? s.score : s.score * (1 + COVERAGE_BOOST * anywhere) };
  });
}

/**
 * Coverage of the query by the best single section (with the lead): words that only meet in different
 * parts of a long page do not make it an answer. Matched words and `anywhere` (the share of query words
 * the whole document has, unweighted, which the ranking uses) are taken over the whole document. `found` holds
 * each section's own terms (section 0's is `lead`; a hole is a section with none, as a split index may leave).
 */
function bestCoverage(
  units: DocumentRanking['units'],
  found: readonly (Set<string> | undefined)[],
  lead: ReadonlySet<string>,
  sourceOf: ReadonlyMap<string, string>,
): { coverage: number; matched: string[]; anywhere: number } {
  const withSources = (into: Set<string>, terms: Iterable<string>) => {
    for (const t of terms) into.add(t).add(sourceOf.get(t) ?? t);
    return into;
  };
  const leadHas = withSources(new Set(), lead);
  // Every section counts with the lead, so a section with no terms of its own covers what the lead covers: computed once.
  let coverage = found.length ? coverageOf(units, (t) => leadHas.has(t)).coverage : 0;
  const all = new Set(leadHas);
  for (let s = 1; s < found.length; s++) {
    const own = found[s];
    if (!own?.size) continue;
    // The section's own terms beside the lead's, rather than a copy of the lead's per section.
    const has = withSources(new Set(), own);
    coverage = Math.max(coverage, coverageOf(units, (t) => leadHas.has(t) || has.has(t)).coverage);
    withSources(all, own);
  }
  const whole = coverageOf(units, (t) => all.has(t));
  // For ranking every word counts alike: weighting by rarity let one rare verb ('나누나요') outrank the pages about the noun.
  const anywhere = coverageOf(
    units.map((u) => ({ ...u, weight: 1 })),
    (t) => all.has(t),
  ).coverage;
  return { coverage, matched: whole.matched, anywhere };
}

/** Prepared documents, so typing a query does not tokenize the same headings again (documents are never mutated). */
const prepared = new WeakMap<SearchDocument, PreparedDocument>();

function preparedOf(document: SearchDocument): PreparedDocument {
  let entry = prepared.get(document);
  if (!entry) prepared.set(document, (entry = prepareDocument(document)));
  return entry;
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

function isTitleQuery(titleTerms: readonly string[], terms: readonly string[]): boolean {
  // The title's terms as prepared for the section stage (the same tokenize, done once per document).
  return terms.length > 0 && terms.every((t) => titleTerms.includes(t));
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

/** True when `a` turns into `b` with at most `max` single-letter edits (short words only). */
function withinEdits(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]! <= max;
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

function now(): number {
  return globalThis.performance?.now() ?? Date.now();
}
