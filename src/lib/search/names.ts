import { hangulStem } from './expand.ts';
import type { SearchDocument } from './index-schema.ts';

/**
 * English names a Korean wiki gives its pages and sections without writing them in the text: the words
 * of a document's id ('learn/sharing-state-between-components', 'os_pcb_and_context_switching') and of
 * explicit heading anchors ('## State 끌어올리기 {#lifting-state-up}'). An English query matches them
 * as it would match a title or a heading, though the page itself only says it in Korean.
 */

/** Where a name word was found: the document (by position) and the section (0: the id, which names the whole page). */
interface NamePlace {
  doc: number;
  section: number;
}

/** Per word, the places that name it; built once per document table. */
type NameTable = ReadonlyMap<string, readonly NamePlace[]>;

const tables = new WeakMap<readonly SearchDocument[], NameTable>();

/** Lowercase Latin words of an id or anchor, each also without a plural s ('components' → 'component'). */
export function nameWords(name: string): string[] {
  if (/\p{Script=Hangul}/u.test(name)) return [];
  return [...new Set((name.toLowerCase().match(/[a-z]{2,}/g) ?? []).map(singular))];
}

function singular(word: string): string {
  return word.length > 3 && /[^s]s$/.test(word) ? word.slice(0, -1) : word;
}

function tableOf(documents: readonly SearchDocument[]): NameTable {
  let table = tables.get(documents);
  if (table) return table;
  const built = new Map<string, NamePlace[]>();
  const add = (word: string, place: NamePlace) => {
    const list = built.get(word);
    // Places arrive in document and section order, so a repeat could only be the last one (a scan of the list was quadratic for common words).
    const last = list?.[list.length - 1];
    if (!list) built.set(word, [place]);
    else if (last!.doc !== place.doc || last!.section !== place.section) list.push(place);
  };
  documents.forEach((d, doc) => {
    for (const word of nameWords(d.id)) add(word, { doc, section: 0 });
    d.sections.forEach((s, section) => {
      if (section > 0) for (const word of nameWords(s.anchor)) add(word, { doc, section });
    });
  });
  tables.set(documents, (table = built));
  return table;
}

/** Share of the documents past which a name word says nothing (see `namedTerms`). */
export const NAME_SHARE = 0.3;

/**
 * A document table's name words as lines `word\tdoc.section doc.section…`, for the site's split base (which lacks
 * the anchors); words naming more than `maxShare` of the documents are left out, as `namedTerms` would skip them.
 */
export function encodeNameTable(documents: readonly SearchDocument[], maxShare: number): string {
  const limit = Math.max(1, maxShare * documents.length);
  return [...tableOf(documents)]
    .filter(([, places]) => new Set(places.map((p) => p.doc)).size <= limit)
    .map(([word, places]) => `${word}\t${places.map((p) => `${p.doc}.${p.section}`).join(' ')}`)
    .join('\n');
}

/** Makes `namedTerms(documents, …)` answer from `encodeNameTable`'s lines, without reading the documents' anchors. */
export function adoptNameTable(documents: readonly SearchDocument[], lines: string): void {
  const table = new Map<string, NamePlace[]>();
  for (const line of lines ? lines.split('\n') : []) {
    const [word, places] = line.split('\t') as [string, string];
    table.set(
      word,
      places.split(' ').map((p) => {
        const [doc, section] = p.split('.').map(Number) as [number, number];
        return { doc, section };
      }),
    );
  }
  tables.set(documents, table);
}

/**
 * The query's Latin terms each document names by id or anchor: per document, per section, the terms
 * found there (section 0 for the id). Words naming more than `maxShare` of the documents say nothing.
 */
export function namedTerms(documents: readonly SearchDocument[], terms: readonly string[], maxShare = NAME_SHARE): Map<number, Map<number, string[]>> {
  const table = tableOf(documents);
  const out = new Map<number, Map<number, string[]>>();
  for (const term of new Set(terms)) {
    if (!/^[a-z]{2,}$/.test(term)) continue;
    const places = table.get(singular(term)) ?? [];
    if (new Set(places.map((p) => p.doc)).size > Math.max(1, maxShare * documents.length)) continue;
    for (const { doc, section } of places) {
      const sections = out.get(doc) ?? new Map<number, string[]>();
      out.set(doc, sections);
      sections.set(section, [...(sections.get(section) ?? []), term]);
    }
  }
  return out;
}

/** Hangul words of titles, aliases, tags and headings (particles stripped): the names an English query may mean. */
export function namingWords(documents: readonly SearchDocument[]): string[] {
  const words = new Set<string>();
  // Each distinct run stemmed once: headings repeat across documents, and stemming each run again was 2 s of a cold
  // server's load at 10,000 documents.
  const runs = new Set<string>();
  for (const d of documents) {
    // One match over the document's names joined by newlines (no Hangul run crosses one), not one per name.
    const names = `${d.title}\n${d.aliases.join('\n')}\n${d.tags.join('\n')}\n${d.sections.map((s) => s.heading).join('\n')}`;
    for (const run of names.match(/\p{Script=Hangul}+/gu) ?? []) {
      if (runs.has(run)) continue;
      runs.add(run);
      const stem = hangulStem(run);
      if (stem.length >= 2) words.add(stem);
    }
  }
  return [...words];
}
