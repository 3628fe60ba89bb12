import type { RawFile } from './document.ts';
import { expandIncludes, type FindNote, type IncludedSpan, type ReadIncluded } from '../markdown/includes.ts';
import type { Problem } from './problems.ts';
import { toContentPath } from './slug.ts';
import type { SkippedFile } from './skipped-files.ts';
import { frontmatterLineCount } from './frontmatter-fence.ts';
import { createAttachmentFinder } from './attachments.ts';
import { markedPageReaders, noteTitle } from '../dialects/registry.ts';

/** Where a file's text was pasted in (lines of the text as expanded), and the include lines left as written. */
export interface IncludedText {
  spans: IncludedSpan[];
  problems: Problem[];
  /** The files pasted in, nested ones included. */
  sources: string[];
}

/** A cheap test before any line is read: most files include nothing. */
const MAY_INCLUDE = /@include|\{\{#|\{%\s*include|8<-|!\[\[|^import\s/m;
/**
 * `MAY_INCLUDE`'s answer per collected file object: `maru dev` hands unchanged files back as the same objects, so a save
 * tests the saved file's text, not the whole folder's.
 */
const mayInclude = new WeakMap<RawFile, boolean>();
const testsInclude = (f: RawFile, text: string) => {
  let answer = mayInclude.get(f);
  if (answer === undefined) mayInclude.set(f, (answer = MAY_INCLUDE.test(text)));
  return answer;
};

/**
 * The files with every include line in their bodies (the include syntaxes of `src/lib/markdown/includes.ts`) replaced
 * by the file it names: from `files` when it is one of them (the text about to be built, as the write path plans it),
 * else by `read`. A file of a folder a dialect marks is read that dialect's way first (`markedPageReaders`: lines that
 * are no text, references filled in), and the frontmatter its page gives another way becomes `properties`. The frontmatter is never touched. A file whose lines moved carries
 * `included`, to report problems at the lines as written; the others are returned as they are.
 */
export function withIncludes(files: readonly RawFile[], read: ReadIncluded): RawFile[] {
  const readsMarked = markedPageReaders(files);
  const touched = (f: RawFile): f is RawFile & { text: string } => f.text !== undefined && (readsMarked(f) !== undefined || testsInclude(f, f.text));
  if (!files.some(touched)) return [...files];
  let texts: Map<string, string> | undefined;
  const readAny: ReadIncluded = (path) => {
    if (!texts) {
      texts = new Map();
      for (const f of files) if (f.text !== undefined) texts.set(f.path, f.text);
    }
    const text = texts.get(path);
    return text === undefined ? read(path) : { text };
  };
  const findNote = noteFinder(files.map((f) => f.path));
  return files.map((file) => {
    if (!touched(file)) return file;
    const lines = file.text.split('\n');
    const head = frontmatterLineCount(lines);
    const written = lines.slice(head).join('\n');
    const page = readsMarked(file)?.(file.path, written);
    const body = page ? page.body : written;
    const expanded = expandIncludes(body, file.path, readAny, findNote, page?.skipLines);
    const properties = page?.frontmatter;
    if (!expanded.spans.length && !expanded.problems.length && body === written && !properties) return file;
    const problems = expanded.problems.map((p) => ({
      path: toContentPath(file.path),
      line: head + p.line,
      field: 'content',
      message: p.message,
      hint: p.hint,
      severity: 'warning' as const,
    }));
    const spans = expanded.spans.map((s) => ({ start: head + s.start, end: head + s.end, line: head + s.line }));
    const text = expanded.spans.length || body !== written ? [...lines.slice(0, head), expanded.text].join('\n') : file.text;
    const included = spans.length || problems.length ? { included: { spans, problems, sources: expanded.pasted } } : {};
    return { ...file, text, ...included, ...(properties ? { properties } : {}) };
  });
}

/**
 * The lookup of a note embed's name among the Markdown files: the rule for any embed (`createAttachmentFinder`) with
 * `.md` added to a name without it, else the name a dialect gives the page (`noteTitle`: `회의/규칙` for `pages/회의___규칙.md`).
 */
export function noteFinder(paths: readonly string[]): FindNote {
  if (lastFinder && sameStrings(lastFinder.paths, paths)) return lastFinder.find;
  const find = makeNoteFinder(paths);
  lastFinder = { paths: [...paths], find };
  return find;
}

/** The last finder made, for the same paths again (`maru dev` makes one per save, of 10,000 paths). */
let lastFinder: { paths: readonly string[]; find: FindNote } | undefined;

function sameStrings(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function makeNoteFinder(paths: readonly string[]): FindNote {
  const notes = paths.filter((p) => MARKDOWN.test(p));
  const find = createAttachmentFinder(notes);
  const byTitle = new Map<string, string>();
  for (const p of notes) {
    const title = noteTitle(p);
    if (title) byTitle.set(title.normalize('NFC').toLowerCase(), p);
  }
  return (name, from) => {
    const written = name.trim();
    return find(MARKDOWN.test(written) ? written : `${written}.md`, from) ?? byTitle.get(written.normalize('NFC').toLowerCase());
  };
}

const MARKDOWN = /\.(md|markdown)$/i;
/**
 * The files with the partials taken out: a Markdown file whose name starts with `_` that another file pastes in is a
 * piece of other pages (an MDX site's `_setup.mdx`, a `_footer.md`), not a page of its own. It is listed in `skipped`
 * as one (an `.mdx` partial was listed as an unread `.mdx` file), so links to it are warnings that say so.
 */
export function withoutPartials(files: readonly RawFile[], skipped: readonly SkippedFile[]): { files: RawFile[]; skipped: SkippedFile[] } {
  const partials = new Set(files.flatMap((f) => f.included?.sources ?? []).filter((path) => path.slice(path.lastIndexOf('/') + 1).startsWith('_')));
  if (!partials.size) return { files: [...files], skipped: [...skipped] };
  const kept = skipped.map((s) => (partials.has(s.path) && s.reason === 'mdx' ? { ...s, reason: 'partial' as const } : s));
  const dropped = files.filter((f) => partials.has(f.path)).map((f) => ({ path: f.path, reason: 'partial' as const }));
  const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  return { files: files.filter((f) => !partials.has(f.path)), skipped: [...kept, ...dropped].sort(byPath) };
}

/** The line of the file as written that line `line` of its expanded text came from: pasted lines are their include line's. */
export function lineAsWritten(spans: readonly IncludedSpan[], line: number): number {
  let shift = 0;
  for (const span of spans) {
    if (line < span.start) break;
    if (line <= span.end) return span.line;
    shift += span.end - span.start;
  }
  return line - shift;
}

/** The problems with lines of expanded texts put back on the lines of the files as written, and the include problems added. */
export function problemsAsWritten(problems: readonly Problem[], files: readonly RawFile[]): Problem[] {
  const included = files.filter((f) => f.included);
  if (!included.length) return [...problems];
  const spansOf = new Map(included.map((f) => [toContentPath(f.path) as string, f.included!.spans]));
  const place = (path: string, line: number) => {
    const spans = spansOf.get(path);
    return spans ? lineAsWritten(spans, line) : line;
  };
  const moved = problems.map((p) => ({
    ...p,
    line: place(p.path, p.line),
    ...(p.see ? { see: { path: p.see.path, line: place(p.see.path, p.see.line) } } : {}),
  }));
  return [...moved, ...included.flatMap((f) => f.included!.problems)];
}
