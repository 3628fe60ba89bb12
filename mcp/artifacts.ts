import {
  ARTIFACT_DIR,
  ARTIFACT_VERSION,
  CatalogSchema,
  ManifestSchema,
  versionError,
  type Catalog,
  type CatalogEntry,
  type Manifest,
} from '../src/lib/artifacts/schema.ts';
import { SEARCH_OPTIONS_VERSION } from '../src/lib/search/contract.ts';
import { loadSearch, type LoadedSearch } from '../src/lib/search/index-load.ts';
import { warmSearch } from '../src/lib/search/search.ts';
import { sectionTextsOf, type DocumentText, type LinkTitle } from '../src/lib/search/snippet.ts';
import { wikiTargets } from '../src/lib/wiki/links.ts';
import { isSlug } from '../src/lib/wiki/slug.ts';
import { sha256 } from '../src/node/hash.ts';
import { MAX_MANIFEST_BYTES, NotFoundError, notFoundMessage, type ArtifactSource } from './source.ts';

/** One validated build: everything the tools need, held in memory so handlers never touch the disk. */
export interface ArtifactSet {
  readonly manifest: Manifest;
  readonly catalog: Catalog;
  readonly search: LoadedSearch;
  readonly byId: ReadonlyMap<string, CatalogEntry>;
  /** Every id, sorted. */
  readonly ids: readonly string[];
  /** `_wiki/docs/<id>.md` text by id, read and checked against its catalog sha256 when the set was loaded. */
  readonly markdown: MarkdownStore;
  readonly source: string;
  /** When this set was loaded (ISO). */
  readonly loadedAt: string;
}

export const MANIFEST_PATH = `${ARTIFACT_DIR}/manifest.json`;
const DOC_READ_CONCURRENCY = 16;

/** The write path and the tests hash content with the same function that checks the artifacts. */
export { sha256 };

/**
 * The documents' Markdown, all of it read, hash-checked and held in memory when the build is loaded. A
 * build folder may be emptied or overwritten at any moment (Astro empties its output folder when a build
 * starts), so nothing a request needs may be read from it later: the set that /healthz reports is the set
 * that answers, whole. The bytes are held as read and decoded per request: decoding 10,000 documents up front
 * cost half a second of the load and twice the memory (Korean text takes two bytes a character as a string).
 */
export class MarkdownStore {
  readonly #bytes: ReadonlyMap<string, Buffer>;
  readonly #linkTitle: LinkTitle | undefined;

  /** `linkTitle` gives snippets a wikilink's document title, as the build's snippet texts have it. */
  constructor(bytes: ReadonlyMap<string, Buffer>, linkTitle?: LinkTitle) {
    this.#bytes = bytes;
    this.#linkTitle = linkTitle;
  }

  /** The text of a document, or undefined for an unknown id. */
  get(id: string): Promise<string | undefined> {
    return Promise.resolve(this.#bytes.get(id)?.toString('utf8'));
  }

  /**
   * A document's section texts for snippets, or undefined for an unknown id. Decoded only when `sectionTexts` does not
   * remember them for these bytes: decoding a hit's whole Markdown per call was a tenth of a search over stdio.
   */
  sectionTexts(document: { readonly id: string; readonly sections: readonly { line: number }[] }): DocumentText | undefined {
    const bytes = this.#bytes.get(document.id);
    return bytes === undefined ? undefined : sectionTextsOf(document, bytes, () => bytes.toString('utf8'), this.#linkTitle);
  }

  /** Several documents at once, as a lookup for code that needs them synchronously. */
  async getMany(ids: readonly string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const id of ids) {
      const bytes = this.#bytes.get(id);
      if (bytes !== undefined) out.set(id, bytes.toString('utf8'));
    }
    return out;
  }
}

/** Reads every document of the catalog and checks it against its sha256; rejects with the first problem. */
async function readAllMarkdown(source: ArtifactSource, byId: ReadonlyMap<string, CatalogEntry>, fail: (detail: string) => never): Promise<Map<string, Buffer>> {
  const entries = [...byId.values()];
  const out = new Map<string, Buffer>();
  let next = 0;
  const worker = async () => {
    for (;;) {
      // A folder answers synchronously: let stdin and HTTP requests in between batches.
      if (next % 64 === 63) await yieldToIo();
      const entry = entries[next++];
      if (!entry) return;
      const bytes = await source.readBytes(entry.markdownPath).catch((e: Error) => fail(e.message));
      checkHash(entry.markdownPath, bytes, entry.sha256, fail);
      out.set(entry.id, bytes);
    }
  };
  await Promise.all(Array.from({ length: Math.min(DOC_READ_CONCURRENCY, entries.length) }, worker));
  return out;
}

/**
 * Loads and validates a whole build (after `before` settles, if given), every document's Markdown included, so that a broken new build never
 * replaces a good one and a good one never depends on the folder later; throws one message naming the
 * source, the file and what to do.
 */
export async function loadArtifacts(source: ArtifactSource, manifestText?: string, before?: Promise<unknown>): Promise<ArtifactSet> {
  const fail = (detail: string): never => {
    throw new Error(`Artifacts in ${source.label} are not usable: ${detail}`);
  };
  const text = manifestText ?? (await readManifest(source));
  const manifest = parseManifest(text, fail);
  // `before`: the stdio handshake, which the long steps below would otherwise hold up by a second at 10,000 documents.
  await before;
  // Never more than the manifest says each file holds: a source that sends more is not the build it describes.
  const catalogBytes = await source.readBytes(`${ARTIFACT_DIR}/catalog.json`, manifest.files['catalog.json'].bytes).catch((e: Error) => fail(e.message));
  const indexBytes = await source
    .readBytes(`${ARTIFACT_DIR}/search-index.json`, manifest.files['search-index.json'].bytes)
    .catch((e: Error) => fail(e.message));
  // Each step below holds the thread for up to a few hundred milliseconds at 10,000 documents; yielding in between
  // lets a stdio server answer `initialize` and `tools/list` while its first build is still loading.
  checkHash('catalog.json', catalogBytes, manifest.files['catalog.json'].sha256, fail);
  await yieldToIo();
  checkHash('search-index.json', indexBytes, manifest.files['search-index.json'].sha256, fail);
  await yieldToIo();
  const catalog = parseCatalog(catalogBytes.toString('utf8'), fail);
  await yieldToIo();
  let search: LoadedSearch;
  try {
    search = loadSearch(JSON.parse(indexBytes.toString('utf8')));
  } catch (e) {
    return fail(`search-index.json: ${(e as Error).message}`);
  }
  await yieldToIo();
  if (catalog.documents.length !== manifest.documentCount || search.documents.length !== manifest.documentCount) {
    fail(
      `manifest says ${manifest.documentCount} documents, catalog has ${catalog.documents.length}, search index has ${search.documents.length}. Rebuild with \`npm run build\`.`,
    );
  }
  const byId = new Map(catalog.documents.map((d) => [d.id, d]));
  const documentOf = wikiTargets(catalog.documents);
  const markdown = new MarkdownStore(await readAllMarkdown(source, byId, fail), (target) => documentOf(target)?.title);
  await yieldToIo();
  // The first search_knowledge then costs what later ones do (snippets included); see warmSearch.
  warmSearch(search, (d) => markdown.sectionTexts(d));
  return { manifest, catalog, search, byId, ids: [...byId.keys()].sort(), markdown, source: source.label, loadedAt: new Date().toISOString() };
}

/** Checks a manifest's text as `loadArtifacts` does (format, versions, schema), without reading anything else; throws the same message. */
export function checkManifest(source: ArtifactSource, text: string): Manifest {
  return parseManifest(text, (detail) => {
    throw new Error(`Artifacts in ${source.label} are not usable: ${detail}`);
  });
}

/** Lets pending I/O callbacks (stdin lines, HTTP requests) run before the next long step. */
function yieldToIo(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** The manifest text, with the "run the build" message when there is none. */
export async function readManifest(source: ArtifactSource): Promise<string> {
  try {
    return await source.read(MANIFEST_PATH, MAX_MANIFEST_BYTES);
  } catch (e) {
    if (e instanceof NotFoundError) throw new Error(notFoundMessage(source.label), { cause: e });
    throw e;
  }
}

function parseManifest(text: string, fail: (d: string) => never): Manifest {
  let json: { format?: unknown; version?: unknown; searchOptionsVersion?: unknown; maruVersion?: unknown };
  try {
    json = JSON.parse(text) as typeof json;
  } catch {
    return fail('manifest.json is not valid JSON. Rebuild with `npm run build`.');
  }
  if (json.format !== 'maru-wiki') fail(`manifest.json has format ${JSON.stringify(json.format)}, expected "maru-wiki". Point --artifacts at a Maru build.`);
  if (json.version !== ARTIFACT_VERSION) fail(`manifest.json: ${versionError('Artifact', json.version, ARTIFACT_VERSION, json.maruVersion)}`);
  if (json.searchOptionsVersion !== SEARCH_OPTIONS_VERSION) {
    fail(
      `the index was built with search options version ${String(json.searchOptionsVersion)}, but this server uses version ${SEARCH_OPTIONS_VERSION}. Rebuild with \`npm run build\` (or update the server).`,
    );
  }
  const parsed = ManifestSchema.safeParse(json);
  if (!parsed.success) return fail(`manifest.json ${issueText(parsed.error.issues)}. Rebuild with \`npm run build\`.`);
  return parsed.data;
}

function parseCatalog(text: string, fail: (d: string) => never): Catalog {
  const parsed = CatalogSchema.safeParse(JSON.parse(text));
  if (!parsed.success) return fail(`catalog.json ${issueText(parsed.error.issues)}. Rebuild with \`npm run build\`.`);
  for (const d of parsed.data.documents) {
    // The id becomes a file path below; only well-formed slugs may do that.
    if (!isSlug(d.id)) fail(`catalog.json has a document id ${JSON.stringify(d.id)} that is not a valid id.`);
    if (d.markdownPath !== `${ARTIFACT_DIR}/docs/${d.id}.md`)
      fail(`catalog.json: document ${d.id} has markdownPath ${JSON.stringify(d.markdownPath)}, expected ${ARTIFACT_DIR}/docs/${d.id}.md.`);
  }
  return parsed.data;
}

function checkHash(name: string, data: string | Buffer, expected: string, fail: (d: string) => never): void {
  const actual = sha256(data);
  if (actual !== expected) {
    fail(
      `${name} has sha256 ${actual.slice(0, 12)}…, but the manifest says ${expected.slice(0, 12)}…. The build is incomplete or was changed after it was written; rebuild with \`npm run build\`.`,
    );
  }
}

function issueText(issues: readonly { path: PropertyKey[]; message: string }[]): string {
  const first = issues[0];
  return first ? `field ${first.path.map(String).join('.') || '(root)'}: ${first.message}` : 'is malformed';
}
