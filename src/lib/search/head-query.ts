import { stripQuerySuffixes } from './korean.ts';
import type { QueryUnit } from './coverage.ts';
import type { SearchDocument } from './index-schema.ts';

/**
 * A query of one word names a topic ('리액트', '서스펜스', 'props'): the page called by that word is what it asks for, more
 * than a page that says the word often or in a rare spelling (a dated post writing '리액트' once where every other page
 * writes React, a `<style>` page linking '서스펜스' to `<Suspense>`). So among the ranked hits of a one-word query, the
 * pages whose title or an alias is the word (as typed, without its particle, or in a sure other spelling of it: the
 * loanword's English, a glossary synonym) come first, in their own order; every other hit keeps its place after them.
 */

/** The forms a one-word query names a page by: the word, its stem without particles, its sure other spellings. */
export function headForms(unit: QueryUnit): Set<string> {
  const forms = new Set([nameKey(unit.word), nameKey(stripQuerySuffixes(unit.word))]);
  for (const a of unit.alternatives) if (a.certainty === 1 && a.text) forms.add(nameKey(a.text));
  forms.delete('');
  return forms;
}

/** True when the document's title or one of its aliases is one of `forms` (case, width and punctuation aside). */
export function isCalled(document: Pick<SearchDocument, 'title' | 'aliases'>, forms: ReadonlySet<string>): boolean {
  return forms.has(nameKey(document.title)) || document.aliases.some((a) => forms.has(nameKey(a)));
}

/** `items` with those `called` first, each group in its own order (a stable partition). */
export function calledFirst<T>(items: readonly T[], called: (item: T) => boolean): T[] {
  const first: T[] = [];
  const after: T[] = [];
  for (const item of items) (called(item) ? first : after).push(item);
  return [...first, ...after];
}

/** A name as compared: NFKC, lowercase, letters and digits only ('<Suspense>' is 'suspense'). */
function nameKey(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}
