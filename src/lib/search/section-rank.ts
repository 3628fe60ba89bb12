import { BM25, FIELD_BOOSTS } from './contract.ts';
import { tokenize } from './tokenize.ts';
import { sectionCount, type ProseCounts } from './section-postings.ts';
import type { SearchDocument, SectionStats } from './index-schema.ts';
import { headingAncestry } from '../markdown/heading-path.ts';

/**
 * Second stage of search: the index ranks whole documents; for the best few, this scores every
 * section the way a per-section index would (BM25 over the section's heading path and prose, the
 * lead carrying title, aliases and tags), so a page whose query words meet in one section beats a
 * long page that mentions them far apart, and the hit can point at the section that answers. The
 * prose counts come from the index's section postings (`section-postings.ts`), so no Markdown is read.
 */

/** A term of the query as it matched the index, with the weight and corpus frequencies to score it by. */
export interface RankTerm {
  /** Index term: a Hangul/CJK bigram or a lowercased Latin word. */
  term: string;
  /** The query term it stands for (itself, or the word it is a prefix or typo match of). */
  source: string;
  /** 1 for what the user typed; less for loanword, synonym, prefix and typo expansions. */
  weight: number;
  /** In how many sections of the corpus it occurs, per field (INDEX_FIELDS order). */
  frequency: readonly number[];
  /** Where it occurs in the prose of each section (undefined when nowhere). */
  counts?: ProseCounts | undefined;
}

/** One section prepared for counting query terms in it. */
export interface PreparedSection {
  /** Index terms of the heading path with the document title in front (none for the lead). */
  heading: readonly string[];
  /** How many index terms the prose yields (counted at build time). */
  bodyTerms: number;
}

/** A document prepared for section ranking: its sections and its lead fields as index terms. */
export interface PreparedDocument {
  sections: PreparedSection[];
  lead: { title: readonly string[]; aliases: readonly string[]; tags: readonly string[] };
}

/**
 * A document's sections and lead as index terms, in the order of `document.sections`, with the fields the build
 * indexed (`sectionFields`: a section's headings field is the title and its heading path, joined by spaces). Each
 * heading is tokenized once and the paths are put together from the pieces: the tokenizer never joins terms across
 * a space, so the terms are the same as tokenizing the joined text (`section-rank.test.ts` checks both ways agree).
 */
export function prepareDocument(document: SearchDocument): PreparedDocument {
  const title = termsOf(document.title);
  const own = document.sections.map((section, i) => (i === 0 ? [] : termsOf(section.heading)));
  return {
    lead: { title, aliases: termsOf(document.aliases.join(' ')), tags: termsOf(document.tags.join(' ')) },
    sections: document.sections.map((section, i) => ({
      heading: i === 0 ? [] : [...title, ...headingAncestry(document.sections, i, 1).flatMap((j) => own[j]!)],
      bodyTerms: section.terms,
    })),
  };
}

/**
 * Terms of a heading, title, alias or tag list, remembered by text: the same headings ('개요', 'Usage', 'Examples')
 * recur across a wiki, and tokenizing them was most of preparing a document (2,846 distinct headings in 126,470
 * sections at 10,000 generated documents). Bounded; emptied when full, which costs only re-tokenizing.
 */
const headingTerms = new Map<string, readonly string[]>();
const HEADING_TERMS_KEPT = 50_000;

function termsOf(text: string): readonly string[] {
  let terms = headingTerms.get(text);
  if (!terms) {
    if (headingTerms.size >= HEADING_TERMS_KEPT) headingTerms.clear();
    headingTerms.set(text, (terms = tokenize(text)));
  }
  return terms;
}

/** The heading path of section `index` (outermost heading first; sections 1 onwards), as read_knowledge and the outline give it. */
export function sectionPath(document: SearchDocument, index: number): string[] {
  return document.sections[index]!.path ?? headingAncestry(document.sections, index, 1).map((i) => document.sections[i]!.heading);
}

function countIn(terms: readonly string[], term: string): number {
  let n = 0;
  for (const t of terms) if (t === term) n++;
  return n;
}

function bm25(tf: number, idf: number, length: number, average: number): number {
  if (!tf) return 0;
  const { k, b, d } = BM25;
  return idf * (d + (tf * (k + 1)) / (tf + k * (1 - b + (b * length) / (average || 1))));
}

/** Inverse document frequency as MiniSearch computes it. */
export function inverseDocumentFrequency(documents: number, total: number): number {
  return Math.log(1 + (total - documents + 0.5) / (documents + 0.5));
}

/**
 * Scores each section of one document (`doc`, its position in the table) for the query terms, field by field with BM25 as MiniSearch
 * would over one unit per section. The lead section also scores the document's title, aliases and
 * tags; each score is multiplied by how many distinct query terms the section matched, as MiniSearch does.
 * `found`, when given, receives per section the terms it contains (for the hit's coverage of the query).
 */
export function scoreSections(prepared: PreparedDocument, doc: number, terms: readonly RankTerm[], stats: SectionStats, found?: Set<string>[]): number[] {
  const total = stats.sections;
  const avg = stats.averageTerms;
  // Per term, what does not change from section to section: its weights by field and its prose counts here.
  const per = terms.map((t) => {
    const [title = 0, aliases = 0, tags = 0, headings = 0, body = 0] = t.frequency;
    const idf = (n: number) => (n ? inverseDocumentFrequency(n, total) : 0);
    const entry = t.counts ? t.counts.find(doc) : -1;
    const prose = entry < 0 ? undefined : t.counts!.sectionsAt(entry);
    return { t, title, aliases, tags, headings, body, idf: [idf(title), idf(aliases), idf(tags), idf(headings), idf(body)], prose };
  });
  const lead = prepared.lead;
  return prepared.sections.map((section, i) => {
    let score = 0;
    let matched: Set<string> | undefined;
    const here = new Set<string>();
    found?.push(here);
    for (const { t, title, aliases, tags, headings, body, idf, prose } of per) {
      let s = 0;
      if (headings) s += FIELD_BOOSTS.headings * bm25(countIn(section.heading, t.term), idf[3]!, section.heading.length, avg.headings);
      if (body) s += FIELD_BOOSTS.body * bm25(sectionCount(prose, i), idf[4]!, section.bodyTerms, avg.body);
      if (i === 0) {
        if (title) s += FIELD_BOOSTS.title * bm25(countIn(lead.title, t.term), idf[0]!, lead.title.length, avg.title);
        if (aliases) s += FIELD_BOOSTS.aliases * bm25(countIn(lead.aliases, t.term), idf[1]!, lead.aliases.length, avg.aliases);
        if (tags) s += FIELD_BOOSTS.tags * bm25(countIn(lead.tags, t.term), idf[2]!, lead.tags.length, avg.tags);
      }
      if (s > 0) {
        score += t.weight * s;
        (matched ??= new Set()).add(t.source);
        here.add(t.term);
      }
    }
    return score * (matched?.size ?? 0);
  });
}

/** Weight of a document's other matching sections relative to its best one. */
export const OTHER_SECTIONS_WEIGHT = 0.3;
/** How many other sections count towards a document's score. */
export const OTHER_SECTIONS_COUNTED = 5;

/** The best section's score plus a share of the next few, so one long page cannot win on volume. */
export function documentScore(sectionScores: readonly number[]): number {
  const [best = 0, ...rest] = [...sectionScores].sort((a, b) => b - a);
  return best + OTHER_SECTIONS_WEIGHT * rest.slice(0, OTHER_SECTIONS_COUNTED).reduce((a, b) => a + b, 0);
}
