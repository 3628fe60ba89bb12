import type { CatalogEntry } from '../artifacts/schema.ts';
import type { SearchDocument } from '../search/index-schema.ts';
import { foldHangulVowels } from '../search/korean.ts';
import { safeDecode } from '../wiki/url.ts';
import { graphemeStart } from './graphemes.ts';
import { headingPath } from './heading-path.ts';

type Heading = CatalogEntry['headings'][number];

/** The section headings a search index carries for a document, in the catalog's shape, for `sliceSection`. */
export function indexedHeadings(document: SearchDocument): Heading[] {
  return document.sections.filter((s) => s.anchor).map((s) => ({ depth: s.depth, text: s.heading, anchor: s.anchor, line: s.line }));
}

/** Finds a heading by anchor, by heading path (`상위 > 하위`) or by heading text, case-insensitively. */
export function findHeading(headings: readonly Heading[], selector: string): Heading | undefined {
  const want = selector.trim().replace(/^#/, '');
  const lower = want.toLowerCase();
  const byAnchor = headings.find((h) => h.anchor === want || h.anchor === safeDecode(want));
  if (byAnchor) return byAnchor;
  // A heading's own text before the path reading: headings such as `<form>` or '배포 > 롤백' hold a '>' themselves.
  const wantText = lower.normalize('NFC');
  const byText = headings.find((h) => h.text.normalize('NFC').toLowerCase() === wantText);
  if (byText) return byText;
  const parts = wantText.split(/\s*>\s*/).filter(Boolean);
  return headings.find((h, i) => {
    if (h.text.normalize('NFC').toLowerCase() !== parts[parts.length - 1]) return false;
    const path = headingPath(headings, i).map((t) => t.normalize('NFC').toLowerCase());
    return parts.every((p, k) => path[path.length - parts.length + k] === p);
  });
}

/** The lines of one section (its heading and everything until a heading of the same or higher level). */
export function sliceSection(markdown: string, headings: readonly Heading[], anchor: string): string {
  const lines = markdown.split('\n');
  if (!anchor) {
    const bodyStart = frontmatterEnd(lines);
    const end = headings[0] ? headings[0].line - 1 : lines.length;
    return lines.slice(bodyStart, end).join('\n').trim();
  }
  const i = headings.findIndex((h) => h.anchor === anchor);
  if (i < 0) return '';
  const h = headings[i]!;
  const next = headings.slice(i + 1).find((n) => n.depth <= h.depth);
  return lines
    .slice(h.line - 1, next ? next.line - 1 : lines.length)
    .join('\n')
    .trim();
}

/** Index of the first line after a leading YAML frontmatter block (0 when there is none). */
export function frontmatterEnd(lines: readonly string[]): number {
  if (lines[0] !== '---') return 0;
  const close = lines.indexOf('---', 1);
  return close < 0 ? 0 : close + 1;
}

/** A snippet and the character ranges in it that match the query terms. */
export interface Snippet {
  text: string;
  highlights: [number, number][];
}

/** Picks the window of about `max` characters with the most query-term matches; terms are index terms. */
export function makeSnippet(text: string, terms: readonly string[], max = 300): Snippet {
  const ranges = matchRanges(text, terms);
  if (text.length <= max) return { text, highlights: ranges };
  let bestStart = 0;
  let bestCount = -1;
  for (const [start] of ranges) {
    const from = Math.max(0, start - Math.floor(max / 4));
    const count = ranges.filter(([s, e]) => s >= from && e <= from + max).length;
    if (count > bestCount) [bestStart, bestCount] = [from, count];
  }
  const from = graphemeStart(text, snapToWord(text, bestStart));
  const to = graphemeStart(text, Math.min(text.length, from + max));
  const prefix = from > 0 ? '…' : '';
  const suffix = to < text.length ? '…' : '';
  const shifted = ranges.filter(([s, e]) => s >= from && e <= to).map(([s, e]) => [s - from + prefix.length, e - from + prefix.length] as [number, number]);
  return { text: `${prefix}${text.slice(from, to)}${suffix}`, highlights: shifted };
}

/** Ranges where index terms occur in text, comparing case- and vowel-folded forms (same length). */
export function matchRanges(text: string, terms: readonly string[]): [number, number][] {
  const folded = foldHangulVowels(text.toLowerCase());
  if (folded.length !== text.length) return [];
  const ranges: [number, number][] = [];
  for (const term of new Set(terms)) {
    if (!term) continue;
    for (let i = folded.indexOf(term); i >= 0; i = folded.indexOf(term, i + term.length)) ranges.push([i, i + term.length]);
  }
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: [number, number][] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}

function snapToWord(text: string, at: number): number {
  if (at === 0) return 0;
  const space = text.lastIndexOf(' ', at);
  return space >= 0 && at - space < 20 ? space + 1 : at;
}
