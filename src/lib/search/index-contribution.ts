import { INDEX_FIELDS } from './contract.ts';
import { glossCandidates } from './glosses.ts';
import type { SearchSource } from './index-build.ts';
import { tokenize } from './tokenize.ts';

/**
 * Bump when `contributionOf` changes what it records or how. The build's cache is also keyed by a digest of the code
 * (`src/node/parse-cache.ts`), so this only has to catch a change the digest cannot see.
 */
export const CONTRIBUTION_VERSION = 1;

/**
 * What one document adds to the search index, from its own text alone: everything the build used to tokenize and count
 * per document, so a rebuild tokenizes only the documents that changed (`buildIndexEnvelope` assembles the rest).
 * Terms are numbered within the document: `terms[i]` is term `i`, and runs are `[term, count, term, count, …]`.
 */
export interface Contribution {
  /** The document's distinct terms. */
  terms: string[];
  /** Per index field, the field's distinct terms in order of first occurrence with their counts. */
  fields: number[][];
  /** Per index field, in how many of the document's sections the field has each term (terms in ascending number). */
  sectionFrequency: number[][];
  /** Per section, the counts of the terms of its prose (the text the section ranking counts). */
  prose: number[][];
  /** Per index field, its tokens summed over the document's sections. */
  totals: number[];
  /** Per section, how many tokens its body has. */
  bodyTerms: number[];
  /** Gloss pairs the document's summary and texts write (see `glossCandidates`), in order. */
  glosses: [string, string][];
}

/** A store of contributions kept between builds, keyed by the sha256 of `contributionInput`. */
export interface ContributionCache {
  get(key: string): Contribution | undefined;
  set(key: string, contribution: Contribution): void;
}

/** The source's contribution, from the cache when it holds one for exactly these inputs. */
export function cachedContribution(source: SearchSource, cache: ContributionCache | undefined, sha256: (text: string) => string): Contribution {
  if (!cache) return contributionOf(source);
  const key = sha256(contributionInput(source));
  const hit = cache.get(key);
  if (hit) return hit;
  const made = contributionOf(source);
  cache.set(key, made);
  return made;
}

const FIELD_COUNT = INDEX_FIELDS.length;
const NONE: readonly number[] = [];

/** The document's contribution: each text tokenized once, its tokens shared by the fields, sections and prose. */
export function contributionOf(source: SearchSource): Contribution {
  // The body of a document is its sections' bodies joined by newlines, and the tokenizer never makes a term across a
  // newline, so the document's body tokens are its sections' body tokens in order (likewise the summary and section 0).
  const { document, sectionTexts } = source;
  const terms = new LocalTerms();
  const title = terms.ids(tokenize(document.title));
  const aliases = terms.ids(tokenize(document.aliases.join(' ')));
  const tags = terms.ids(tokenize(document.tags.join(' ')));
  const summary = document.summary ? terms.ids(tokenize(document.summary)) : [];
  const bodies: (readonly number[])[] = sectionTexts.length ? [] : [summary];
  const totals = INDEX_FIELDS.map(() => 0);
  const bodyTerms: number[] = [];
  const prose: number[][] = [];
  for (const [s, text] of sectionTexts.entries()) {
    const own = terms.ids(tokenize(text.text));
    const sectionBody = s === 0 && document.summary ? [...summary, ...own] : own;
    bodies.push(sectionBody);
    const headings = terms.ids(tokenize(s === 0 ? text.path.join(' ') : `${document.title} ${text.path.join(' ')}`));
    const fields: readonly (readonly number[])[] = s === 0 ? [title, aliases, tags, headings, sectionBody] : [NONE, NONE, NONE, headings, sectionBody];
    for (let f = 0; f < FIELD_COUNT; f++) {
      totals[f]! += fields[f]!.length;
      terms.countSection(fields[f]!, f, s);
    }
    bodyTerms.push(sectionBody.length);
    const proseText = source.sectionProse?.[s];
    const counted =
      proseText === undefined || proseText === text.text
        ? sectionBody
        : s === 0 && document.summary
          ? [...summary, ...terms.ids(tokenize(proseText))]
          : terms.ids(tokenize(proseText));
    prose.push(terms.counts([counted]));
  }
  const headings = terms.ids(
    tokenize(
      document.sections
        .map((x) => x.heading)
        .filter(Boolean)
        .join('\n'),
    ),
  );
  return {
    terms: terms.names,
    fields: [[title], [aliases], [tags], [headings], bodies].map((parts) => terms.counts(parts)),
    sectionFrequency: INDEX_FIELDS.map((_, f) => terms.sectionFrequency(f)),
    prose,
    totals,
    bodyTerms,
    glosses: glossCandidates([document.summary, ...sectionTexts.map((t) => t.text)]),
  };
}

/** The inputs `contributionOf` reads, as one string to hash: equal strings give equal contributions. */
function contributionInput(source: SearchSource): string {
  const { document: d, sectionTexts, proseMarkdown } = source;
  return JSON.stringify([
    CONTRIBUTION_VERSION,
    d.title,
    d.aliases,
    d.tags,
    d.summary,
    d.sections.map((x) => x.heading),
    sectionTexts.map((t) => [t.path, t.text]),
    // Not `source.sectionProse` when its input is given: reading it would derive it.
    proseMarkdown === undefined ? (source.sectionProse ?? null) : { lines: d.sections.map((x) => x.line), markdown: proseMarkdown },
  ]);
}

/**
 * True when `value` has a contribution's shape, with every term number and count in range: a cache file that parses
 * but holds something else (another version's layout, a hand edit) is not used. Counts are not re-derived here; the
 * cache file's checksum guards against damage.
 */
export function isContribution(value: unknown): value is Contribution {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<keyof Contribution, unknown>;
  if (!Array.isArray(c.terms) || !c.terms.every((t) => typeof t === 'string' && t.length > 0)) return false;
  const size = c.terms.length;
  const runs = (x: unknown, n?: number): x is number[][] =>
    Array.isArray(x) &&
    (n === undefined || x.length === n) &&
    x.every((r) => Array.isArray(r) && r.length % 2 === 0 && r.every((v, i) => isCount(v, i % 2 ? Infinity : size)));
  const counts = (x: unknown, n: number) => Array.isArray(x) && x.length === n && x.every((v) => isCount(v, Infinity));
  return (
    runs(c.fields, FIELD_COUNT) &&
    runs(c.sectionFrequency, FIELD_COUNT) &&
    runs(c.prose) &&
    counts(c.totals, FIELD_COUNT) &&
    counts(c.bodyTerms, c.prose.length) &&
    Array.isArray(c.glosses) &&
    c.glosses.every((g) => Array.isArray(g) && g.length === 2 && typeof g[0] === 'string' && typeof g[1] === 'string')
  );
}

function isCount(value: unknown, below: number): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < below;
}

/** The terms of one document, numbered in order of first occurrence, and its per-field section frequencies. */
class LocalTerms {
  readonly names: string[] = [];
  readonly #ids = new Map<string, number>();
  /** Per term × field, how many sections have it, and the last section (plus one) that counted it. */
  readonly #frequency: number[] = [];
  readonly #seen: number[] = [];
  #stamp: number[] = [];
  #count: number[] = [];
  #stamped = 0;

  ids(tokens: readonly string[]): number[] {
    const out = new Array<number>(tokens.length);
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]!;
      let id = this.#ids.get(token);
      if (id === undefined) {
        id = this.names.length;
        this.#ids.set(token, id);
        this.names.push(token);
        for (let f = 0; f < FIELD_COUNT; f++) {
          this.#frequency.push(0);
          this.#seen.push(0);
        }
        this.#stamp.push(0);
        this.#count.push(0);
      }
      out[i] = id;
    }
    return out;
  }

  /** Counts each distinct term of one section's field once. */
  countSection(ids: readonly number[], field: number, section: number): void {
    const stamp = section + 1;
    for (const id of ids) {
      const at = id * FIELD_COUNT + field;
      if (this.#seen[at] !== stamp) {
        this.#seen[at] = stamp;
        this.#frequency[at]!++;
      }
    }
  }

  /** `[term, count, …]` of the tokens, terms in order of first occurrence. */
  counts(parts: readonly (readonly number[])[]): number[] {
    const stamp = ++this.#stamped;
    const order: number[] = [];
    for (const ids of parts) {
      for (const id of ids) {
        if (this.#stamp[id] !== stamp) {
          this.#stamp[id] = stamp;
          this.#count[id] = 1;
          order.push(id);
        } else this.#count[id]!++;
      }
    }
    const out = new Array<number>(order.length * 2);
    for (let i = 0; i < order.length; i++) {
      out[2 * i] = order[i]!;
      out[2 * i + 1] = this.#count[order[i]!]!;
    }
    return out;
  }

  /** `[term, sections, …]` of one field, for the terms some section's field has. */
  sectionFrequency(field: number): number[] {
    const out: number[] = [];
    for (let id = 0; id < this.names.length; id++) {
      const n = this.#frequency[id * FIELD_COUNT + field]!;
      if (n > 0) out.push(id, n);
    }
    return out;
  }
}
