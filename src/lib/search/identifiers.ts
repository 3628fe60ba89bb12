import { stemmer } from '@orama/stemmers/english';
import { MAX_IDENTIFIER_CHARS, MAX_STEM_CACHE } from './ranking.ts';

/**
 * English words as the index files them. Names in code are made of words (`toCamelCaseKeys`, `HTMLElement`,
 * `use_sync_external_store`, `vite.config`), and a question names them in words ('camel case keys'): an identifier is
 * filed whole and as its words. Each word is also filed under its English stem (Snowball's Porter stemmer, from
 * `@orama/stemmers`), marked ('~memoiz'), when the stem differs, so 'memoization' and 'memoize' meet on '~memoiz' and
 * 'dependencies' and 'dependency' on '~depend' (see tokenize.ts). The surface words stay terms: the loanword tables key
 * English words by how they sound ('컴포넌트' ~ component), which a stem ('compon') would not, and an exact form still
 * scores above a stem alone.
 */

/** Case changes inside a word: 'toCamel' → 'to Camel', 'HTMLElement' → 'HTML Element', 'v2Api' → 'v2 Api'. */
const CAMEL = /(?<=[\p{Ll}\p{N}])(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;

/** The words of an identifier written in camelCase or PascalCase (one run of letters and digits), lowercase. */
export function camelWords(run: string): string[] {
  return run
    .split(CAMEL)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/**
 * An identifier's terms, lowercase: the identifier whole (separators `_ - . /` dropped, so `to_camel_case` and
 * `toCamelCase` are one term), then its words. Used by the checks of what a hit contains (see truthful.ts).
 */
export function identifierWords(identifier: string): string[] {
  const words = identifier
    .split(/[_\-./]+/)
    .filter(Boolean)
    .flatMap(camelWords);
  const whole = words.join('');
  return [...new Set(whole && identifier.length <= MAX_IDENTIFIER_CHARS ? [whole, ...words] : words)];
}

const stems = new Map<string, string>();

/** Snowball (Porter) English stem of a lowercase word, remembered: the build stems every English word of every page. */
export function stemOf(word: string): string {
  let s = stems.get(word);
  if (s === undefined) {
    // Digits and one-letter words have no English endings; the stemmer would still cut 's' ('k8s' → 'k8').
    s = word.length < 3 || /\d/.test(word) ? word : stemmer(word);
    if (stems.size >= MAX_STEM_CACHE) stems.clear();
    stems.set(word, s);
  }
  return s;
}
