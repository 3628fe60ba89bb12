import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DUPLICATE_SIMILARITY } from '../lib/wiki/content-checks.ts';
import { createMemoryContributionCache } from '../lib/search/memory-contribution-cache.ts';
import { createMemoryParseCache } from '../lib/wiki/memory-parse-cache.ts';
import { buildWiki, type ParseCache, type WikiOptions } from '../lib/wiki/pipeline.ts';
import { formatProblem } from '../lib/wiki/problems.ts';
import { introducedErrors } from '../lib/write/validate.ts';
import { toSourceDocument, unparsableBody, type RawFile } from '../lib/wiki/document.ts';
import { toContentPath } from '../lib/wiki/slug.ts';
import {
  checkFields,
  frontmatterOf,
  isSafeContentPath,
  rememberId,
  rememberPath,
  renderNewDocument,
  renderUpdatedDocument,
  similarDocuments,
  titleAndBody,
} from '../lib/write/remember.ts';
import { WriteRefused, type RememberOutcome, type RememberRequest } from '../lib/write/protocol.ts';
import { sha256 } from '../node/hash.ts';
import { withIncludedFiles } from '../node/include-reader.ts';
import { changedMessage, replaceFile, writeNewFile } from './content-root.ts';
import { commitOnBranch } from './git.ts';
import { readSnapshot, scanFolder, scanOptions, snapshotFiles, type Scan } from './snapshot.ts';

/** The served set after the folder was read again: the build's files, or why the folder does not build. */
export type Refreshed = { files: ReadonlyMap<string, string> } | { error: string };

/**
 * The write side's work, done off the server's main thread (`process.ts`, a process of its own): planning, parsing, the whole-wiki
 * checks, the file write and the in-memory rebuild. The caller runs calls one at a time, holding the folder's lock.
 */
export interface WriterCore {
  /** Saves one document; throws WriteRefused with a message for the model. `writing` is called just before the file is written. */
  remember(request: RememberRequest, base: string, writing: () => void): Promise<RememberOutcome>;
  /** The last re-read of the folder since the previous call, once. */
  takeRefreshed(): Refreshed | undefined;
  /** What an update may replace without proof (see `known` below), to hand to a successor. */
  known(): ReadonlyMap<string, string>;
}

export interface WriterCoreOptions {
  /** Commit each saved file on a branch `maru/remember-<id>`. */
  git?: boolean;
  log?: (msg: string) => void;
  /** `known` from a predecessor that was stopped; default: the folder as first read. */
  known?: ReadonlyMap<string, string>;
}

const DEFAULT_PROJECT = 'general';
const PREFERRED_CATEGORY = 'reference';

/** Reads the content folder (an opened, checked root) for writing. */
export function openWriterCore(root: string, base: string, options: WriterCoreOptions = {}): WriterCore {
  const log = options.log ?? ((m: string) => console.error(m));
  // Every save builds the whole folder two or three times; only the files that changed are parsed again (on
  // ko-react-docs a build from parsed files took 0.5 s, parsing them 15–20 s).
  const cache = createMemoryParseCache();
  // Likewise the search index: only changed documents are tokenized again (2–3 s of each save there).
  const indexCache = createMemoryContributionCache();
  let seen = readSnapshot(root, base, cache);
  // What an update may replace without proof: the file as first read, or as this server last wrote it. A re-read of
  // the folder does not count, or a refusal followed by a plain retry would overwrite the edit it refused to touch.
  const known = new Map(options.known ?? seen.hashes);
  let refreshed: Refreshed | undefined;

  /** Re-reads the folder: it becomes what the server "saw", and the served set when it builds. */
  const refresh = (base: string): string | undefined => {
    seen = readSnapshot(root, base, cache);
    try {
      refreshed = { files: snapshotFiles(seen, root, indexCache) };
      indexCache.sweep();
      return undefined;
    } catch (e) {
      const why = (e as Error).message;
      log(`maru-mcp: the content folder does not build, search still serves the previous set: ${why}`);
      refreshed = { error: why };
      return why;
    }
  };

  const remember = async (req: RememberRequest, base: string, writing: () => void): Promise<RememberOutcome> => {
    // Planning parses the content (title, summary), so a body that would stall the parser is refused before that.
    const unsafe = unparsableBody(toContentPath('content'), req.content, 1);
    if (unsafe) throw new WriteRefused(`Nothing was saved: line ${unsafe.line} of content: ${unsafe.message}. ${unsafe.hint}.`);
    // Ids and external ids come from the folder as it is now; similarity from the documents as last read and served.
    const fresh = scanFolder(root);
    const existing = req.externalId === undefined ? undefined : fresh.byExternalId.get(req.externalId);
    const plan = existing
      ? await planUpdate(root, { known, categories: seen.categories }, existing, req, () => refresh(base))
      : planNew(fresh, seen.categories, req);
    const parsed = toSourceDocument(plannedFile(fresh, plan), seen.categories);
    const errors = parsed.problems.filter((p) => p.severity === 'error');
    if (!parsed.doc || errors.length) throw new WriteRefused(`The document would not build: ${errors.map((p) => formatProblem(p)).join(' ')}`);
    checkWholeWiki(fresh, plan, scanOptions(fresh, root, base), cache, root);
    const others = seen.wiki.documents
      .filter((d) => d.source.id !== plan.id)
      .map((d) => ({ id: d.source.id, title: d.source.title, text: comparableText(d.source) }));
    const similar = similarDocuments(comparableText(parsed.doc), others, DUPLICATE_SIMILARITY);
    if (similar.length && !req.force) return { status: 'duplicate', similar };
    if (plan.kind === 'update' && plan.text === plan.before) {
      known.set(plan.path, plan.beforeSha); // a matching revision proved the caller saw this version
      return {
        status: 'unchanged',
        id: plan.id,
        path: plan.path,
        revision: plan.beforeSha,
        searchable: true,
        note: 'The document already has this content; nothing was written.',
        similar,
      };
    }
    writing();
    if (plan.kind === 'update')
      await replaceFile(root, plan.path, plan.text, plan.beforeSha).catch(async (e: unknown) => {
        // Edited in the moment since it was read: re-read, so read_knowledge shows what the refusal asks to merge.
        if (e instanceof WriteRefused) refresh(base);
        throw e;
      });
    else await writeNewFile(root, plan.path, plan.text);
    known.set(plan.path, sha256(plan.text));
    const buildError = refresh(base);
    const branch = options.git ? commitOnBranch(root, plan.path, plan.id, plan.kind, log) : undefined;
    // The build's rule for formulas over the drawing budget: kept, shown as their TeX, and said so (`drawFormulas`).
    const formulas = parsed.problems.filter((p) => p.field === 'math').map((p) => formatProblem(p));
    const note = `${
      buildError
        ? `Saved, but the content folder has build errors elsewhere, so search does not show it yet: ${buildError.slice(0, 500)}`
        : 'Saved; search_knowledge and read_knowledge show it now, and everyone sees it after the next build.'
    }${formulas.length ? ` The site shows ${formulas.length} formula(s) as TeX source: ${formulas.slice(0, 5).join(' ')}` : ''}`;
    const status = plan.kind === 'update' ? 'updated' : 'created';
    return { status, id: plan.id, path: plan.path, revision: sha256(plan.text), searchable: !buildError, note, branch, similar };
  };

  return {
    // The caller runs one call at a time and holds the folder's lock file around it (`withWriteLock`).
    remember,
    takeRefreshed() {
      const last = refreshed;
      refreshed = undefined;
      return last;
    },
    known: () => known,
  };
}

/** The build's own wiki-wide checks (links, related, ids, external ids) on the folder with the planned file in it. */
function checkWholeWiki(fresh: Scan, plan: Plan, options: WikiOptions, cache: ParseCache, root: string): void {
  const files = [...fresh.files.filter((f) => f.path !== plan.path), plannedFile(fresh, plan)];
  const build = (written: RawFile[]) => buildWiki(withIncludedFiles({ files: written }, root).files, options, cache).problems;
  const introduced = introducedErrors(build(files), () => build(fresh.files));
  if (introduced.length === 0) return;
  const lines = introduced.map((p) => formatProblem(p)).join('\n');
  throw new WriteRefused(
    `Nothing was saved: the wiki would not build with this document. The build reports:\n${lines}\nFix the content (link only to ids that exist; see list_knowledge) and call again.`,
  );
}

/**
 * The planned file as the build will read it once written: read with the dialects that mark the folder, as its other
 * files are (a vault's `#tags` in the text are tags, a graph's `key:: value` lines properties).
 */
function plannedFile(fresh: Scan, plan: Plan): RawFile {
  const kind = fresh.files[0];
  return {
    path: plan.path,
    text: plan.text,
    mtime: new Date().toISOString(),
    ...(kind?.dialects ? { dialects: kind.dialects } : {}),
  };
}

type Plan =
  { kind: 'new'; id: string; path: string; text: string } | { kind: 'update'; id: string; path: string; text: string; before: string; beforeSha: string };

function planNew(fresh: Scan, categories: readonly string[], req: RememberRequest): Plan {
  if (req.revision !== undefined) {
    const which = req.externalId === undefined ? 'no external_id was given' : `no document has external_id "${req.externalId}" (it may have been removed)`;
    throw new WriteRefused(
      `Nothing was saved: revision is only for updating a document by its external_id, and ${which}. To create a new document, call again without revision.`,
    );
  }
  const { title = '', body } = titleAndBody(req.content, req.title, 'new');
  const category = req.category ?? (categories.includes(PREFERRED_CATEGORY) ? PREFERRED_CATEGORY : categories[0]!);
  const fields = { title, project: req.project ?? DEFAULT_PROJECT, category, id: rememberId(title, req.id) };
  const errors = checkFields({ ...fields, tags: req.tags, idFromTitle: req.id === undefined }, categories);
  if (errors.length) throw new WriteRefused(`Nothing was saved. ${errors.join(' ')}`);
  if (fresh.ids.has(fields.id)) {
    throw new WriteRefused(
      `A document with id "${fields.id}" already exists. Pass another title or id; to update a document saved with remember_knowledge, pass its external_id.`,
    );
  }
  const path = rememberPath(fields.project, fields.id);
  if (!isSafeContentPath(path)) throw new WriteRefused(`Refusing to write "${path}": it would leave the content folder.`);
  const text = renderNewDocument({ ...fields, tags: req.tags ?? [], externalId: req.externalId, body, date: today() });
  return { kind: 'new', id: fields.id, path, text };
}

async function planUpdate(
  root: string,
  state: { known: ReadonlyMap<string, string>; categories: readonly string[] },
  existing: { path: string; id: string },
  req: RememberRequest,
  refresh: () => string | undefined,
): Promise<Plan> {
  if (req.id !== undefined && req.id !== existing.id)
    throw new WriteRefused(`external_id "${req.externalId}" belongs to document "${existing.id}"; an update cannot change its id. Leave id out.`);
  const before = await readFile(join(root, existing.path), 'utf8');
  const beforeSha = sha256(before);
  if (beforeSha !== (req.revision ?? state.known.get(existing.path))) {
    // Re-read so read_knowledge shows the edit; the refusal names the revision that proves the caller saw it.
    const buildError = refresh();
    throw new WriteRefused(changedMessage(existing.path, beforeSha, req.revision, buildError !== undefined));
  }
  const front = frontmatterOf(before);
  if (front === undefined) throw new WriteRefused(`"${existing.path}" has no frontmatter to update; fix the file by hand.`);
  const { title, body } = titleAndBody(req.content, req.title, 'update');
  const fields = { title, project: req.project, category: req.category, tags: req.tags };
  const errors = checkFields(fields, state.categories);
  if (errors.length) throw new WriteRefused(`Nothing was saved. ${errors.join(' ')}`);
  refuseProjectChange(existing, before, req.project, state.categories);
  const undated = renderUpdatedDocument(front, { ...definedOnly(fields), body });
  // Only a real change moves updated_at, so the same call on another day is still "unchanged".
  const text = undated === before ? before : renderUpdatedDocument(front, { ...definedOnly(fields), body, date: today() });
  return { kind: 'update', id: existing.id, path: existing.path, text, before, beforeSha };
}

/**
 * The file's folder is its project on the site and in every path the tools return, so an update cannot move it to
 * another project: that is a rename, which a person does in Git (nothing is moved behind their back).
 */
function refuseProjectChange(existing: { path: string; id: string }, before: string, project: string | undefined, categories: readonly string[]): void {
  if (project === undefined) return;
  const current = toSourceDocument({ path: existing.path, text: before, mtime: new Date().toISOString() }, categories).doc?.project;
  if (current === undefined || current === project) return;
  throw new WriteRefused(
    `Nothing was saved: project "${project}" differs from the document's project "${current}", and an update cannot move "${existing.path}" to another project. ` +
      `Leave project out (or pass "${current}") to update it in place; to move it, ask the user to move the file in Git and change its project field.`,
  );
}

/** The text the build's duplicate check compares: title and section texts. */
function comparableText(doc: { title: string; markdown: { sections: readonly { text: string }[] } }): string {
  return [doc.title, ...doc.markdown.sections.map((s) => s.text)].join('\n');
}

function definedOnly<T extends Record<string, unknown>>(o: T): Partial<{ [K in keyof T]: Exclude<T[K], undefined> }> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<{ [K in keyof T]: Exclude<T[K], undefined> }>;
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}
