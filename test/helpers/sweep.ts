// The Markdown files the whole-folder sweeps read (sanitizer fast path, kept parse trees, pre-parse guards).
// `npm test` sweeps every file of the example wiki and the fixtures (written to cover edge cases) and, of the real
// corpora the repository carries (test/corpora), the files that together show every construct any corpus file shows;
// `npm run test:corpora` (MARU_SWEEP=all) sweeps every corpus file too, for changes to the Markdown pipeline.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

/** Folders swept whole: Maru's own documentation and the hand-written fixtures. */
const CURATED = ['content', 'test/fixtures'].map((f) => resolve(ROOT, f));
/** The real corpora the repository carries (test/corpora/<name>, each with its SOURCE.md). */
export const CARRIED_CORPORA = resolve(ROOT, 'test/corpora');

export function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(md|markdown)$/i.test(f))
    .sort()
    .map((f) => join(dir, f));
}

/**
 * What a file's text shows, by kind of construct: block openers (headings by level, quotes, callouts, lists, tables,
 * fences by language and by whether they carry meta, containers by name), inline marks, every raw HTML/JSX tag name,
 * entities, frontmatter flavour and line-ending quirks. Read from the text, without parsing: it picks which files a
 * sweep renders, so it must be far cheaper than a render.
 */
export function constructsOf(text: string): Set<string> {
  const out = new Set<string>();
  if (text.startsWith('\uFEFF')) out.add('bom');
  if (text.includes('\r')) out.add('crlf');
  if (/^---\r?\n/.test(text)) out.add('frontmatter:yaml');
  if (/^\+\+\+\r?\n/.test(text)) out.add('frontmatter:toml');
  const body = text.replace(/^(---|\+\+\+)\r?\n[\s\S]*?\r?\n\1\r?\n/, '');
  const prose: string[] = [];
  let fenceOpen: string | undefined;
  for (const line of body.split('\n')) {
    const marker = /^\s*(```+|~~~+)/.exec(line)?.[1];
    if (fenceOpen ? marker?.startsWith(fenceOpen) : !marker) {
      if (fenceOpen) fenceOpen = undefined;
      else prose.push(line);
    } else if (!fenceOpen) fenceOpen = marker;
    const block = /^(\s*)(#{1,6}\s|>+|[-*+]\s+\[[ xX]\]|[-*+]\s|\d+[.)]\s|\||```+|~~~+|:::+|\$\$|\[\^[^\]]+\]:|<!--|\t| {4})/.exec(line);
    if (block) {
      const [, indent, opener] = block;
      const key = /^\d/.test(opener!)
        ? 'ol'
        : opener!
            .replace(/\s+/g, ' ')
            .replace(/\[[xX]\]/, '[ ]')
            .trim() || 'indented';
      out.add(`block:${key}${indent ? ':nested' : ''}`);
    }
    const fence = /^\s*(?:```+|~~~+)\s*([^\s{[]*)\s*(.*)$/.exec(line);
    if (fence) {
      out.add(`fence:${fence[1]!.toLowerCase()}`);
      const meta = fence[2]!;
      if (meta.startsWith('[[')) out.add('fence-meta:mark-list');
      else if (meta.startsWith('[')) out.add('fence-meta:title');
      else if (meta.startsWith('{')) out.add('fence-meta:lines');
      else if (/^[\w.-]+\//.test(meta) || /\.\w+$/.test(meta)) out.add('fence-meta:path');
      else if (meta) out.add('fence-meta:words');
      if (/=/.test(meta)) out.add('fence-meta:attribute');
    }
    const callout = /^\s*>+\s*\[!(\w+)\]/.exec(line);
    if (callout) out.add(`callout:${callout[1]!.toLowerCase()}`);
    const container = /^\s*:::+\s*([\w-]+)/.exec(line);
    if (container) out.add(`container:${container[1]!.toLowerCase()}`);
    if (/\{#[\w-]+\}\s*$/.test(line)) out.add('heading-id');
    if (/\{\/\*.*\*\/\}/.test(line)) out.add('jsx-comment');
  }
  // Tags outside code: HTML elements by name, components (capitalised, as MDX and Vue write them) as one kind.
  for (const [, slash, tag, close] of prose
    .join('\n')
    .replace(/`[^`\n]+`/g, '')
    .matchAll(/<(\/?)([A-Za-z][\w.-]*)[^<>]*?(\/?)>/g))
    out.add(`tag:${/^[A-Z]/.test(tag!) || tag!.includes('-') ? 'component' : tag!.toLowerCase()}${slash ? ':close' : close ? ':self' : ''}`);
  const inline: [string, RegExp][] = [
    ['footnote', /\[\^[^\]]+\](?!:)/],
    ['image', /!\[[^\]]*\]\(/],
    ['wikilink', /\[\[[^\]]+\]\]/],
    ['embed', /!\[\[[^\]]+\]\]/],
    ['math-inline', /(?<!\$)\$[^$\s][^$\n]*\$(?!\$)/],
    ['template', /\{\{.*?\}\}/],
    ['liquid', /\{%.*?%\}/],
    ['entity', /&(?:#\d+|#x[\da-f]+|[a-z]+);/i],
    ['autolink', /<https?:\/\//],
    ['bare-url', /(?<![(<])https?:\/\/\S+/],
    ['strike', /~~[^~]+~~/],
    ['strong', /\*\*[^*]+\*\*/],
    ['strong-underscore', /__[^_]+__/],
    ['emphasis', /(?<!\*)\*[^*\s][^*]*\*(?!\*)/],
    ['code-span', /`[^`]+`/],
    ['reference-link', /\]\[[^\]]*\]/],
    ['link-definition', /^\s*\[[^\]]+\]:\s/m],
    ['hard-break', / {2}\n|\\\n/],
    ['setext', /\n(?:=+|-+)\s*\n/],
    ['html-comment', /<!--/],
    ['korean-bold-punctuation', /\*\*[^*]*[)"'”’.,][^*]*\*\*[가-힣]/],
  ];
  for (const [name, pattern] of inline) if (pattern.test(body)) out.add(name);
  return out;
}

/**
 * The fewest files (greedily: each pick shows the most constructs not yet shown, the smaller file on a tie, then the
 * path) that together show every construct any of `files` shows.
 */
export function coveringFiles(files: readonly string[], textOf: (file: string) => string = (f) => readFileSync(f, 'utf8')): string[] {
  const entries = files.map((file) => {
    const text = textOf(file);
    return { file, size: text.length, constructs: constructsOf(text) };
  });
  const shown = new Set<string>();
  const picked: string[] = [];
  for (;;) {
    let best: (typeof entries)[number] | undefined;
    let bestNew = 0;
    for (const e of entries) {
      let fresh = 0;
      for (const c of e.constructs) if (!shown.has(c)) fresh++;
      if (fresh > bestNew || (fresh === bestNew && fresh > 0 && best && e.size < best.size)) [best, bestNew] = [e, fresh];
    }
    if (!best) break;
    picked.push(best.file);
    for (const c of best.constructs) shown.add(c);
  }
  return picked.sort();
}

/** Whether this run sweeps every corpus file (`npm run test:corpora`). */
const SWEEP_ALL = process.env.MARU_SWEEP === 'all';

/** Every Markdown file the repository has: the curated folders and every corpus file (for checks cheaper than a render). */
export function everyFile(): string[] {
  return [...CURATED, CARRIED_CORPORA].flatMap(markdownFiles);
}

/** The files a sweep renders: every curated file, and every corpus file or the corpora's covering files. */
export function sweepFiles(): string[] {
  const corpora = markdownFiles(CARRIED_CORPORA);
  return [...CURATED.flatMap(markdownFiles), ...(SWEEP_ALL ? corpora : coveringFiles(corpora))];
}
