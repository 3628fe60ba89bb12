/**
 * A compact, lossless text form of MiniSearch's serialised postings (`toJSON().index`).
 *
 * MiniSearch writes every posting as `"<docId>":<freq>` inside nested objects, which costs ~9 bytes
 * a posting and gzips poorly. Here each term is one line: the term, then per field
 * `<fieldId>:<deltas>`, where deltas are the gaps between sorted document ids in base 36 and a
 * frequency other than 1 follows as `*<freq>`. Gaps are small and repetitive, so the text gzips
 * to about half of MiniSearch's JSON. Decoding gives back exactly MiniSearch's shape for `loadJS`.
 */

/** MiniSearch's serialised postings: term → fieldId → documentShortId → term frequency. */
export type SerializedPostings = [string, Record<string, Record<string, number>>][];

/** Decides whether one field's postings of a term are kept; `documents` is how many documents have it there. */
export type KeepPostings = (term: string, fieldId: number, documents: number) => boolean;

/**
 * Encodes postings, leaving out the fields `keep` rejects. `extra` may give each term a list of
 * counts stored after it as `#a,b,…` (the section ranking's per-field section frequencies).
 */
export function encodePostings(postings: SerializedPostings, keep: KeepPostings = () => true, extra: (term: string) => readonly number[] | undefined = () => undefined): string {
  const lines: string[] = [];
  for (const [term, fields] of postings) {
    if (/[\t\n]/.test(term)) throw new Error(`Index term ${JSON.stringify(term)} contains a tab or newline; the tokenizer must never produce one.`);
    const counts = extra(term);
    const parts = counts ? [term, `#${counts.map((n) => n.toString(36)).join(',')}`] : [term];
    for (const [fieldId, docs] of Object.entries(fields)) {
      const ids = Object.keys(docs).map(Number).sort((a, b) => a - b);
      if (!ids.length || !keep(term, Number(fieldId), ids.length)) continue;
      let previous = 0;
      const gaps = ids.map((id) => {
        const freq = docs[id]!;
        const gap = (id - previous).toString(36);
        previous = id;
        return freq === 1 ? gap : `${gap}*${freq.toString(36)}`;
      });
      parts.push(`${fieldId}:${gaps.join(',')}`);
    }
    if (parts.length > (counts ? 2 : 1)) lines.push(parts.join('\t'));
  }
  return lines.join('\n');
}

/** Decodes `encodePostings` output; `onExtra` receives each term's `#` counts. Throws naming the line when the text is damaged. */
export function decodePostings(text: string, onExtra: (term: string, counts: number[]) => void = () => undefined): SerializedPostings {
  const out: SerializedPostings = [];
  if (!text) return out;
  let lineNo = 0;
  for (const line of text.split('\n')) {
    lineNo++;
    const parts = line.split('\t');
    const term = parts[0]!;
    const fields: Record<string, Record<string, number>> = {};
    for (let p = 1; p < parts.length; p++) {
      const part = parts[p]!;
      if (part.startsWith('#')) {
        onExtra(term, part.slice(1).split(',').map((n) => parseInt(n, 36)));
        continue;
      }
      const colon = part.indexOf(':');
      if (colon < 1) throw new Error(`postings line ${lineNo} (${term}): field ${p} has no "<fieldId>:".`);
      const docs: Record<string, number> = {};
      let id = 0;
      for (const gap of part.slice(colon + 1).split(',')) {
        const star = gap.indexOf('*');
        id += parseInt(star < 0 ? gap : gap.slice(0, star), 36);
        const freq = star < 0 ? 1 : parseInt(gap.slice(star + 1), 36);
        if (!Number.isFinite(id) || !Number.isFinite(freq)) throw new Error(`postings line ${lineNo} (${term}): ${JSON.stringify(gap)} is not a base-36 gap.`);
        docs[id] = freq;
      }
      fields[part.slice(0, colon)] = docs;
    }
    out.push([term, fields]);
  }
  return out;
}
