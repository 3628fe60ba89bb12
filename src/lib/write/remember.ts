import { Document, isSeq, parseDocument } from 'yaml';
import { idFromTitle } from './new-document.ts';
import { isSlug } from '../wiki/slug.ts';
import { cosine, termVectors } from '../wiki/similarity.ts';

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
const MAX_TITLE = 80;
const MAX_SUMMARY = 160;

/** The title a body gives when none is passed: its first `# ` heading, else its first line. */
export function titleFromBody(body: string): string {
  const h1 = /^#\s+(.+?)\s*#*\s*$/m.exec(body);
  const line = h1?.[1] ?? body.split('\n').find((l) => l.trim()) ?? '';
  const plain = line
    .replace(/^[#>*\-\s]+/, '')
    .replace(/[`*_[\]]/g, '')
    .trim();
  return plain.length > MAX_TITLE ? `${plain.slice(0, MAX_TITLE - 1).trimEnd()}…` : plain;
}

/** A one-line summary: the first paragraph that is not a heading, shortened. */
export function summaryFromBody(body: string): string {
  const para =
    body
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .find((p) => p && !p.startsWith('#') && !p.startsWith('```')) ?? '';
  const plain = para
    .replace(/\s+/g, ' ')
    .replace(/[`*_]/g, '')
    .replace(/^[>\-\s]+/, '')
    .trim();
  return plain.length > MAX_SUMMARY ? `${plain.slice(0, MAX_SUMMARY - 1).trimEnd()}…` : plain;
}

/** The body without a leading `# title` line (the page shows the title already). */
export function stripLeadingTitle(body: string, title: string): string {
  const m = /^\s*#\s+(.+?)\s*#*\s*\n/.exec(body);
  return m && m[1]!.trim() === title ? body.slice(m[0].length).replace(/^\n+/, '') : body;
}

/** Every problem with the fields (ids and projects must not be able to name a path outside their folder). */
export function checkFields(fields: { title: string; project: string; category: string; id: string }, categories: readonly string[]): string[] {
  const errors: string[] = [];
  if (!fields.title.trim()) errors.push('title is empty and the content has no heading to take it from. Pass a title.');
  if (!PROJECT.test(fields.project))
    errors.push(
      `project "${fields.project.slice(0, 100)}" is not a valid project name: use letters, digits, "-" and "_" only (no "/", "..", or absolute paths), e.g. "search".`,
    );
  if (!isSlug(fields.id))
    errors.push(
      `id "${fields.id.slice(0, 100)}" is not a valid document id: use lowercase letters, digits, Korean, "-" and "/"-separated segments only (no "..", no leading "/"), e.g. "deploy-rollback-lesson".`,
    );
  if (!categories.includes(fields.category)) errors.push(`category "${fields.category.slice(0, 100)}" is not allowed. Use one of: ${categories.join(', ')}.`);
  return errors;
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
 * (created_at, aliases, owner, comments) is kept, and the body is replaced.
 */
export function renderUpdatedDocument(
  frontmatter: string,
  f: Partial<Pick<RememberFields, 'title' | 'project' | 'category' | 'tags'>> & { body: string; date: string },
): string {
  const doc = parseDocument(frontmatter);
  if (f.title !== undefined) doc.set('title', f.title);
  if (f.project !== undefined) doc.set('project', f.project);
  if (f.category !== undefined) doc.set('category', f.category);
  if (f.tags !== undefined) {
    doc.set('tags', doc.createNode([...f.tags], { flow: true }));
  }
  doc.set('updated_at', f.date);
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

function withNewline(text: string): string {
  const t = text.replace(/^\n+/, '');
  return t.endsWith('\n') ? t : `${t}\n`;
}
