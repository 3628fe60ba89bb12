import type { CallToolResult, McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import type { CatalogEntry } from '../../src/lib/artifacts/schema.ts';
import { pathCandidates } from '../../src/lib/wiki/links.ts';
import { toSlug } from '../../src/lib/wiki/slug.ts';
import { closestIds } from '../support/closest.ts';
import type { ArtifactSet } from '../artifacts.ts';
import type { MissLog } from '../misses.ts';

/** What every tool needs: a getter, so each call reads the set current at that moment (reloads swap it). */
export interface ToolDeps {
  artifacts: () => ArtifactSet;
  /** Where search_knowledge logs weak searches (--log-misses), if anywhere. */
  misses?: MissLog | undefined;
  /** Present while the first build is still loading (see ServerDeps): `artifacts` may be called once it resolves. */
  loading?: Promise<unknown> | undefined;
}

/** Signature shared by the `registerXTool` functions. */
export type RegisterTool = (server: McpServer, deps: ToolDeps) => void;

/** Every Maru tool only reads the build it was given. */
export const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

/** Upper bound on one tool result (structured + text), below Claude Code's default output cap. */
export const MAX_RESULT_CHARS = 25_000;

/** The resource URI of a document; `/` inside ids stays literal (the template is `{+id}`). */
export function uriOf(id: string): string {
  return `knowledge://documents/${id.split('/').map(encodeURIComponent).join('/')}`;
}

export const DocumentRefSchema = z.object({
  id: z.string().describe('Document id; pass it to read_knowledge or get_related_knowledge.'),
  title: z.string(),
  project: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  updatedAt: z.string().describe('Last update, ISO 8601.'),
  uri: z.string().describe('knowledge://documents/{id} resource URI.'),
  url: z.string().describe('Page path on the wiki site, for citing.'),
  sourcePath: z.string().describe('Markdown source file, relative to the content folder.'),
});
export type DocumentRef = z.output<typeof DocumentRefSchema>;

/** The fields every result row shares. */
export function docRef(d: CatalogEntry): DocumentRef {
  return {
    id: d.id,
    title: d.title,
    project: d.project,
    category: d.category,
    tags: d.tags,
    updatedAt: d.updatedAt,
    uri: uriOf(d.id),
    url: d.url,
    sourcePath: d.sourcePath,
  };
}

/** A successful result: structured content plus a compact text rendering for clients that show only text. */
export function ok(structured: Record<string, unknown>, text: string): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

/** An error the model can act on: what was wrong and what to call instead. */
export function fail(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/** The entry for an id, or an error result naming the closest ids. */
export function findDocument(set: ArtifactSet, id: string): CatalogEntry | CallToolResult {
  // Ids hold no spaces at either end, so a copied id with a stray space or newline still names its document.
  const wanted = id.trim();
  if (!wanted) return fail('document_id is empty. Pass an id from search_knowledge or list_knowledge.');
  const entry = set.byId.get(wanted) ?? byFilePath(set, wanted);
  if (entry) return entry;
  return fail(unknownIdMessage(set, wanted));
}

/** Each set's documents by source path (NFC, lower case), made on first use. */
const BY_PATH = new WeakMap<ArtifactSet, Map<string, CatalogEntry>>();

/**
 * The document a file path names, as links in the Markdown write them (`reference/Server.md`, `guides/setup`): its
 * source path, or the id that path makes. A model that read `[x](./Server.md)` in `reference/hooks` can ask for
 * `reference/Server.md` instead of guessing the id.
 */
function byFilePath(set: ArtifactSet, wanted: string): CatalogEntry | undefined {
  if (!/[/.]/.test(wanted)) return undefined;
  let paths = BY_PATH.get(set);
  if (!paths) {
    paths = new Map();
    for (const e of set.byId.values()) paths.set(e.sourcePath.normalize('NFC').toLowerCase(), e);
    BY_PATH.set(set, paths);
  }
  const path = wanted.replace(/^\.?\/+/, '').replace(/[?#].*$/, '');
  for (const candidate of [path, ...pathCandidates(path)]) {
    const found = paths.get(candidate.normalize('NFC').toLowerCase());
    if (found) return found;
  }
  return set.byId.get(toSlug(path));
}

/** "No document …; did you mean …" text, shared by tools and the resource. */
export function unknownIdMessage(set: ArtifactSet, id: string): string {
  const near = closestIds(id, set.ids);
  const hint = near.length ? ` Did you mean ${near.map((n) => `"${n}"`).join(', ')}?` : '';
  return `No document with id "${id.slice(0, 200)}".${hint} Use search_knowledge or list_knowledge to find ids.`;
}

/** True when a `findDocument` answer is an error result. */
export function isResult(x: CatalogEntry | CallToolResult): x is CallToolResult {
  return 'content' in x;
}

/**
 * Builds a list result with as many items as fit in MAX_RESULT_CHARS; `build` gets the kept items and
 * how many were dropped, so it can say so instead of cutting silently.
 */
export function fitted<T>(items: readonly T[], build: (kept: readonly T[], dropped: number) => CallToolResult): CallToolResult {
  let n = items.length;
  for (;;) {
    const result = build(items.slice(0, n), items.length - n);
    if (n === 0 || resultSize(result) <= MAX_RESULT_CHARS) return result;
    n = Math.max(0, Math.min(n - 1, Math.floor((n * MAX_RESULT_CHARS) / resultSize(result))));
  }
}

/** Characters a result puts in front of the model (text blocks + structured JSON). */
export function resultSize(result: CallToolResult): number {
  const text = result.content.reduce((sum, c) => sum + (c.type === 'text' ? c.text.length : 0), 0);
  return text + (result.structuredContent ? JSON.stringify(result.structuredContent).length : 0);
}

/** `2026-11-12T00:00:00.000Z` → `2026-11-12` for compact text. */
export function day(iso: string): string {
  return iso.slice(0, 10);
}
