import type { Heading } from 'mdast';
import { Document, isSeq, parseDocument } from 'yaml';
import { idFromTitle } from './new-document.ts';
import { sliceGraphemes } from '../markdown/graphemes.ts';
import { isSlug } from '../wiki/slug.ts';
import { cosine, termVectors } from '../wiki/similarity.ts';
import { firstParagraph, headingTitle, parseBody, plainText } from './plain-text.ts';

/** What `remember_knowledge` is asked to save, after defaults are applied. */
export interface RememberFields {
  title: string;
  project: string;
  category: string;
  tags: readonly string[];
  id: string;
  externalId?: string | undefined;
  /** The Markdown body, without frontmatter. */
  body: string;
  /** Today, as YYYY-MM-DD. */
  date: string;
}

/** A document's text for the near-duplicate check, as the build's own check sees it (title + section texts). */
export interface ComparableDocument {
  id: string;
  title: string;
  text: string;
}

/** A current document at least as similar as the threshold to the candidate. */
export interface SimilarDocument {
  id: string;
  title: string;
  similarity: number;
}

const PROJECT = /^[\p{L}\p{N}_-]+$/u;
const CONTROL = /\p{Cc}/u;
/** Format characters: zero-width spaces and joiners, the BOM, soft hyphens, direction marks. */
const INVISIBLE = /\p{Cf}/u;
/** A zero-width joiner inside an emoji sequence (👩‍💻): part of what the tag shows, not an invisible extra. */
const EMOJI_JOINER = /(?<=\p{Extended_Pictographic}[\uFE0F\p{Emoji_Modifier}]?)\u200D(?=\p{Extended_Pictographic})/gu;
const MAX_TITLE = 80;
const MAX_SUMMARY = 160;

/** The title a body gives when none is passed: its first `# ` heading, else its first line, as plain text. */
export function titleFromBody(body: string): string {
  const tree = parseBody(body);
  const h1 = tree.children.find((n): n is Heading => n.type === 'heading' && n.depth === 1);
  if (h1) return shorten(headingTitle(h1, body), MAX_TITLE);
  const first = tree.children.find((n) => n.type !== 'html' && n.type !== 'definition' && n.type !== 'thematicBreak');
  const line = (first ? plainText(first, body) : '').split('\n').find((l) => l.trim()) ?? '';
  return shorten(line.trim(), MAX_TITLE);
}

/** A one-line summary: the first paragraph that is not a heading, as plain text, shortened. */
export function summaryFromBody(body: string): string {
  const para = firstParagraph(parseBody(body), body);
  return shorten(para ? plainText(para, body).replace(/\s+/g, ' ').trim() : '', MAX_SUMMARY);
}

/** The body's opening `# heading` as plain text and the body after it, or undefined when it opens with something else. */
export function splitLeadingTitle(body: string): { title: string; rest: string } | undefined {
  const first = parseBody(body).children[0];
  const end = first?.position?.end.offset;
  if (first?.type !== 'heading' || first.depth !== 1 || end === undefined) return undefined;
  // Blank lines go, the first content line keeps its indentation (an indented code block stays one).
  return { title: headingTitle(first, body), rest: body.slice(end).replace(/^(?:[ \t]*\r?\n)+/, '') };
}

/**
 * The title and body to save. A passed title wins; else an opening `# heading` is the title; else a new document
 * takes `titleFromBody` and an update keeps its title (undefined). An opening heading equal to the title is dropped
 * from the body, since the page shows the title already: the same content then gives the same file every time.
 */
export function titleAndBody(content: string, given: string | undefined, kind: 'new' | 'update'): { title: string | undefined; body: string } {
  const lead = splitLeadingTitle(content);
  const title = given?.trim() ?? (lead ? shorten(lead.title, MAX_TITLE) : kind === 'new' ? titleFromBody(content) : undefined);
  return { title, body: lead && title !== undefined && lead.title === title ? lead.rest : content };
}

/** The fields `checkFields` looks at; an update passes only the ones it changes. */
export interface FieldsToCheck {
  title?: string | undefined;
  project?: string | undefined;
  category?: string | undefined;
  tags?: readonly string[] | undefined;
  id?: string | undefined;
  /** The id was derived from the title, not passed: a bad id is then the title's fault. */
  idFromTitle?: boolean;
}

/** Every problem with the fields (ids and projects must not be able to name a path outside their folder). */
export function checkFields(fields: FieldsToCheck, categories: readonly string[]): string[] {
  const { title, project, category, tags } = fields;
  const errors: string[] = [];
  if (title !== undefined && !title.trim()) errors.push('title is empty and the content has no heading to take it from. Pass a title.');
  const control = title === undefined ? undefined : CONTROL.exec(title)?.[0];
  if (control !== undefined)
    errors.push(`title contains ${controlName(control)}: a title is one line of text (it is shown in lists). Pass it without line breaks.`);
  if (project !== undefined && !PROJECT.test(project))
    errors.push(
      `project "${project.slice(0, 100)}" is not a valid project name: use letters, digits, "-" and "_" only (no "/", "..", or absolute paths), e.g. "search".`,
    );
  errors.push(...idErrors(fields));
  if (category !== undefined && !categories.includes(category))
    errors.push(`category "${category.slice(0, 100)}" is not allowed. Use one of: ${categories.join(', ')}.`);
  tags?.forEach((tag, i) => {
    const problem = tagProblem(tag);
    if (problem) errors.push(`tags[${i}] ${problem}`);
  });
  return errors;
}

/**
 * What is wrong with a tag, if anything. Tags match exactly (filters, tag pages), and frontmatter keeps them as
 * written, so a tag that only looks right (a stray space, an invisible character) or is several tags in one is refused.
 */
function tagProblem(tag: string): string | undefined {
  const quoted = JSON.stringify(tag);
  if (!tag.trim()) return `is empty (${quoted}): a tag needs at least one character other than spaces. Remove it or write the tag.`;
  if (CONTROL.test(tag)) return `${quoted} contains a line break or control character. Pass each tag as one word or phrase.`;
  const invisible = INVISIBLE.exec(tag.replace(EMOJI_JOINER, ''))?.[0];
  if (invisible !== undefined)
    return `${quoted} contains an invisible character (U+${invisible.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}): it would look like ${JSON.stringify(tag.replace(new RegExp(INVISIBLE.source, 'gu'), ''))} but match no document tagged so. Write the tag without it.`;
  if (tag !== tag.trim()) return `${quoted} has spaces at its start or end: tags match exactly. Pass ${JSON.stringify(tag.trim())}.`;
  if (/[,，、]/.test(tag))
    return `${quoted} holds a comma: each tag is one item of the list. Pass ${JSON.stringify(
      tag
        .split(/[,，、]/)
        .map((t) => t.trim())
        .filter(Boolean),
    )} as separate tags.`;
  if (tag.startsWith('#')) return `${quoted} starts with "#": a tag is written without it. Pass ${JSON.stringify(tag.replace(/^#+/, ''))}.`;
  return undefined;
}

function idErrors({ id, title, idFromTitle }: FieldsToCheck): string[] {
  if (id === undefined || isSlug(id)) return [];
  if (idFromTitle && !title?.trim()) return []; // the empty title is reported already
  if (idFromTitle && id === '')
    return [`title "${title!.slice(0, 100)}" has no letters or digits to make a document id from. Pass id, e.g. "deploy-rollback-lesson".`];
  const what = idFromTitle
    ? `id "${id.slice(0, 100)}" (made from the title) is not a valid document id`
    : `id "${id.slice(0, 100)}" is not a valid document id`;
  const fix = idFromTitle ? ' Pass id.' : '';
  return [
    `${what}: use lowercase letters, digits, Korean, "-" and "/"-separated segments only (no "..", no leading "/"), e.g. "deploy-rollback-lesson".${fix}`,
  ];
}

function controlName(char: string): string {
  if (char === '\n' || char === '\r') return 'a line break';
  return `a control character (U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`;
}

/** The id for a new document: the given one, else derived from the title (Korean kept). */
export function rememberId(title: string, id: string | undefined): string {
  return id ?? idFromTitle(title);
}

/** `<project>/<id>.md`, the content path of a new document. */
export function rememberPath(project: string, id: string): string {
  return `${project}/${id}.md`;
}

/** A relative content path that cannot leave the content root by its text alone (symlinks are checked on disk). */
export function isSafeContentPath(path: string): boolean {
  if (!path || path.length > 500 || path.includes('\0') || path.includes('\\')) return false;
  if (path.startsWith('/') || /^[a-zA-Z]:/.test(path)) return false;
  return /\.md$/.test(path) && path.split('/').every((s) => s !== '' && s !== '.' && s !== '..');
}

/** The file text of a new remembered document: newDocument-style frontmatter (plus external_id) and the body. */
export function renderNewDocument(f: RememberFields): string {
  const data: Record<string, unknown> = {
    id: f.id,
    title: f.title,
    project: f.project,
    category: f.category,
    tags: [...f.tags],
    created_at: f.date,
    updated_at: f.date,
  };
  const summary = summaryFromBody(f.body);
  if (summary) data.summary = summary;
  if (f.externalId !== undefined) data.external_id = f.externalId;
  const doc = new Document(data);
  const tags = doc.get('tags', true);
  if (isSeq(tags)) tags.flow = true;
  return `---\n${doc.toString({ lineWidth: 0, flowCollectionPadding: false })}---\n\n${withNewline(f.body)}`;
}

/**
 * The updated text of an existing document: the given fields and `updated_at` replace theirs, every other key
 * (created_at, aliases, owner, comments) is kept, and the body is replaced. Without `date`, `updated_at` stays as it
 * is, which tells whether anything but the date would change.
 */
export function renderUpdatedDocument(
  frontmatter: string,
  f: Partial<Pick<RememberFields, 'title' | 'project' | 'category' | 'tags'>> & { body: string; date?: string | undefined },
): string {
  const doc = parseDocument(frontmatter);
  if (f.title !== undefined) doc.set('title', f.title);
  if (f.project !== undefined) doc.set('project', f.project);
  if (f.category !== undefined) doc.set('category', f.category);
  if (f.tags !== undefined) {
    doc.set('tags', doc.createNode([...f.tags], { flow: true }));
  }
  if (f.date !== undefined) doc.set('updated_at', f.date);
  const summary = summaryFromBody(f.body);
  if (summary) doc.set('summary', summary);
  return `---\n${doc.toString({ lineWidth: 0, flowCollectionPadding: false })}---\n\n${withNewline(f.body)}`;
}

/** The frontmatter text between the `---` fences, or undefined when the file has none. */
export function frontmatterOf(text: string): string | undefined {
  const m = /^\uFEFF?---\r?\n([\s\S]*?\r?\n)?---\r?\n?/.exec(text);
  return m ? (m[1] ?? '') : undefined;
}

/** Current documents at least `min` similar to the candidate, best first (TF-IDF cosine over the build's terms). */
export function similarDocuments(candidate: string, docs: readonly ComparableDocument[], min: number): SimilarDocument[] {
  if (docs.length === 0) return [];
  const vectors = termVectors([...docs.map((d) => d.text), candidate]);
  const mine = vectors[docs.length]!;
  return docs
    .map((d, i) => ({ id: d.id, title: d.title, similarity: Math.round(cosine(mine, vectors[i]!) * 1000) / 1000 }))
    .filter((s) => s.similarity >= min)
    .sort((a, b) => b.similarity - a.similarity || (a.id < b.id ? -1 : 1));
}

function shorten(text: string, max: number): string {
  return text.length > max ? `${sliceGraphemes(text, max - 1).trimEnd()}…` : text;
}

function withNewline(text: string): string {
  const t = text.replace(/^\n+/, '');
  return t.endsWith('\n') ? t : `${t}\n`;
}
