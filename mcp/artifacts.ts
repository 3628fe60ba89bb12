import { promisify } from 'node:util';
import { deflateRaw, deflateRawSync, inflateRawSync } from 'node:zlib';
import * as z from 'zod';
import {
  ARTIFACT_DIR,
  ARTIFACT_VERSION,
  SEARCH_SPLIT_DIR,
  CatalogEntrySchema,
  CatalogSchema,
  ManifestSchema,
  versionError,
  type Catalog,
  type CatalogEntry,
  type Manifest,
} from '../src/lib/artifacts/schema.ts';
import { SEARCH_OPTIONS_VERSION } from '../src/lib/search/contract.ts';
import { loadSearch, loadSplitSearch, type LoadedSearch } from '../src/lib/search/index-load.ts';
import { IndexEnvelopeSchema, SearchDocumentSchema } from '../src/lib/search/index-schema.ts';
import { warmSearch, warmSplitSearch } from '../src/lib/search/search.ts';
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
  /** `_wiki/docs/<id>.md` text by id, checked against its catalog sha256 when read (all of it once the set has loaded completely). */
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
 * The documents' Markdown, each checked against its catalog sha256 before anything reads it. A server answers its first
 * questions while the rest is still being read (`loadArtifactsEarly`): a document asked for before then is read and
 * checked on the spot, and one whose bytes differ from the catalog's hash is refused, never served. Once the build has
 * loaded completely every document is held, because a build folder may be emptied or overwritten at any moment (Astro
 * empties its output folder when a build starts): the set that /healthz reports is the set that answers, whole. The
 * bytes are held compressed once checked (deflate, on the thread pool), and inflated and decoded per request: held as
 * read they were the largest part of a 10,000-document server's memory, three to four times what they take deflated,
 * and decoded up front they cost half a second of the load and twice that again (Korean text takes two bytes a
 * character as a string).
 */
export class MarkdownStore {
  /** Deflated bytes by id. */
  readonly #packed: Map<string, Buffer>;
  readonly #linkTitle: LinkTitle | undefined;
  readonly #read: ((id: string) => Promise<Buffer> | undefined) | undefined;
  readonly #reading = new Map<string, Promise<Buffer>>();

  /**
   * `bytes` are documents already checked; `linkTitle` gives snippets a wikilink's document title, as the build's snippet
   * texts have it; `read(id)` reads and checks a document not held yet (undefined for an unknown id).
   */
  constructor(bytes: ReadonlyMap<string, Buffer>, linkTitle?: LinkTitle, read?: (id: string) => Promise<Buffer> | undefined) {
    this.#packed = new Map([...bytes].map(([id, raw]) => [id, Buffer.from(deflateRawSync(raw, PACKING))]));
    this.#linkTitle = linkTitle;
    this.#read = read;
  }

  /** The deflated bytes of a document, read now if they are not held yet; undefined for an unknown id; rejects when they fail their check. */
  #load(id: string): Buffer | Promise<Buffer> | undefined {
    const held = this.#packed.get(id);
    if (held !== undefined || !this.#read) return held;
    let reading = this.#reading.get(id);
    if (!reading) {
      const started = this.#read(id);
      if (!started) return undefined;
      reading = started.then(pack).then(
        (packed) => {
          this.#packed.set(id, packed);
          this.#reading.delete(id);
          return packed;
        },
        (e: unknown) => {
          this.#reading.delete(id);
          throw e;
        },
      );
      this.#reading.set(id, reading);
    }
    return reading;
  }

  /** Whether a document's bytes are held (read and checked). */
  holds(id: string): boolean {
    return this.#packed.has(id);
  }

  /** Reads and checks a document not held yet, sharing a read already under way (the loader's pass over every document). */
  async load(id: string): Promise<void> {
    await this.#load(id);
  }

  /** The text of a document, or undefined for an unknown id. */
  async get(id: string): Promise<string | undefined> {
    const packed = await this.#load(id);
    return packed && textOf(packed);
  }

  /**
   * A document's section texts for snippets, or undefined for an unknown id. Decoded only when `sectionTexts` does not
   * remember them for these bytes: decoding a hit's whole Markdown per call was a tenth of a search over stdio.
   */
  sectionTexts(document: {
    readonly id: string;
    readonly sections: readonly { line: number }[];
  }): DocumentText | undefined | Promise<DocumentText | undefined> {
    const packed = this.#load(document.id);
    const cut = (b: Buffer | undefined) => (b === undefined ? undefined : sectionTextsOf(document, b, () => textOf(b), this.#linkTitle));
    return packed instanceof Promise ? packed.then(cut) : cut(packed);
  }

  /** Several documents at once, as a lookup for code that needs them synchronously. */
  async getMany(ids: readonly string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const id of ids) {
      const packed = await this.#load(id);
      if (packed !== undefined) out.set(id, textOf(packed));
    }
    return out;
  }
}

/** Fast deflate: Markdown shrinks three to four times at level 1, and inflating a document takes microseconds. */
const PACKING = { level: 1 };

const deflateRawAsync = promisify(deflateRaw);

/** A checked document's bytes, deflated on the thread pool. */
async function pack(raw: Buffer): Promise<Buffer> {
  // Copied to its own size: zlib's output sits in a chunk of 16 KiB or more, which a small document would hold whole.
  return Buffer.from(await deflateRawAsync(raw, PACKING));
}

function textOf(packed: Buffer): string {
  return inflateRawSync(packed).toString('utf8');
}

/** Reads every document the store does not hold yet and checks it against its sha256; rejects with the first problem. */
async function readAllMarkdown(byId: ReadonlyMap<string, CatalogEntry>, store: MarkdownStore): Promise<void> {
  const entries = [...byId.values()].filter((e) => !store.holds(e.id));
  let next = 0;
  const worker = async () => {
    for (;;) {
      // A folder answers synchronously: let stdin and HTTP requests in between batches.
      if (next % 64 === 63) await yieldToIo();
      const entry = entries[next++];
      if (!entry) return;
      await store.load(entry.id);
    }
  };
  await Promise.all(Array.from({ length: Math.min(DOC_READ_CONCURRENCY, entries.length) }, worker));
}

async function readMarkdown(source: ArtifactSource, entry: CatalogEntry, fail: (detail: string) => never): Promise<Buffer> {
  const bytes = await source.readBytes(entry.markdownPath).catch((e: Error) => fail(e.message));
  checkHash(entry.markdownPath, bytes, entry.sha256, fail);
  return bytes;
}

/**
 * A build that can answer, and the rest of its load: `set` searches and reads (every document checked against its hash
 * as it is read); `complete` resolves with the same set once every document is held, the catalog and the index have
 * passed their schemas field by field and the search is warmed up, or rejects with what is wrong with the build.
 */
export interface EarlyArtifacts {
  readonly set: ArtifactSet;
  readonly complete: Promise<ArtifactSet>;
}

/**
 * Loads and validates a whole build (after `before` settles, if given), every document's Markdown included, so that a broken new build never
 * replaces a good one and a good one never depends on the folder later; throws one message naming the
 * source, the file and what to do.
 */
export async function loadArtifacts(source: ArtifactSource, manifestText?: string, before?: Promise<unknown>): Promise<ArtifactSet> {
  return (await loadArtifactsEarly(source, manifestText, before, false)).complete;
}

/**
 * Loads what the first answer needs: the manifest, the catalog and the split index's base (or, for a build without
 * one, the whole index), each checked against the manifest's sha256 and for the fields the server trusts (ids, paths and
 * hashes), then restores the search. What only catches a build made wrong (every field of the catalog, and of a whole
 * index, against its schema), every document's Markdown and every file of the split index, each checked and held, and
 * the search's warm-up follow in `complete`, in steps that let requests in between, after `firstAnswer` settles
 * (default: a second later; at once for `loadArtifacts`): those steps are most of a large build's load, and a first
 * question need not wait for them, nor share the processor with them.
 */
export async function loadArtifactsEarly(
  source: ArtifactSource,
  manifestText?: string,
  before?: Promise<unknown>,
  serveEarly = true,
  firstAnswer?: Promise<unknown>,
): Promise<EarlyArtifacts> {
  const fail = (detail: string): never => {
    throw new Error(`Artifacts in ${source.label} are not usable: ${detail}`);
  };
  const text = manifestText ?? (await readManifest(source));
  const manifest = parseManifest(text, fail);
  // Searches run on the site's split index (`_wiki/search/base.json` and the term shards and document chunks each query
  // needs, each checked against the manifest's sha256 when read), never on the whole `search-index.json`: both hold the
  // same postings and rank alike (src/lib/search/index-split.ts), but the whole index is by far the largest file a server
  // reads, and restored it held about 270 MiB at 10,000 documents where the split index holds what searches have asked
  // for. A build without a split index (an older one, the writer's in-memory rebuild) loads the whole index.
  const splitBase = fileInfo(manifest, `${SPLIT_DIR}/base.json`);
  // Never more than the manifest says each file holds: a source that sends more is not the build it describes. Both at
  // once: a URL source downloads them side by side.
  // Read and hashed (on the thread pool) while the handshake is answered; parsed after it.
  const reads = Promise.all([
    source.readBytes(`${ARTIFACT_DIR}/catalog.json`, manifest.files['catalog.json'].bytes),
    splitBase
      ? source.readBytes(`${ARTIFACT_DIR}/${SPLIT_DIR}/base.json`, splitBase.bytes)
      : source.readBytes(`${ARTIFACT_DIR}/search-index.json`, manifest.files['search-index.json'].bytes),
  ]).then((files) => files.map((bytes) => ({ bytes, hash: sha256OffThread(bytes) })));
  // Handled below, after the handshake; this keeps a failure meanwhile from being reported as unhandled.
  reads.catch(() => undefined);
  // `before`: the stdio handshake, which the long steps below would otherwise hold up by a second at 10,000 documents.
  await before;
  const [catalogRead, firstRead] = await reads.catch((e: Error) => fail(e.message));
  // Nothing parsed is looked at before its hash has matched, and a file that fails both says so about its hash.
  const { bytes: catalogBytes, hash: catalogHash } = catalogRead!;
  const { bytes: firstBytes, hash: firstHash } = firstRead!;
  // The hashes' promises are awaited after the parses; these keep a failure meanwhile from being reported as unhandled.
  catalogHash.catch(() => undefined);
  firstHash.catch(() => undefined);
  // Each step below holds the thread for up to a few hundred milliseconds at 10,000 documents; yielding in between
  // lets a stdio server answer `initialize` and `tools/list` while its first build is still loading.
  await yieldToIo();
  const catalogParsed = parseJsonLater(catalogBytes);
  await yieldToIo();
  const firstParsed = parseJsonLater(firstBytes);
  checkDigest('catalog.json', await catalogHash, manifest.files['catalog.json'].sha256, fail);
  const firstName = splitBase ? `${SPLIT_DIR}/base.json` : 'search-index.json';
  checkDigest(firstName, await firstHash, splitBase ? splitBase.sha256 : manifest.files['search-index.json'].sha256, fail);
  const catalogJson = catalogParsed('catalog.json', fail);
  const firstJson = firstParsed(firstName, fail);
  const catalog = checkCatalogTrusted(catalogJson, fail);
  const counted = (what: string, search: LoadedSearch): LoadedSearch => {
    if (catalog.documents.length !== manifest.documentCount || search.documents.length !== manifest.documentCount) {
      fail(
        `manifest says ${manifest.documentCount} documents, catalog has ${catalog.documents.length}, ${what} has ${search.documents.length}. Rebuild with \`npm run build\`.`,
      );
    }
    return search;
  };
  // The split index's files, read, checked and held once the build is in (see `SplitFiles.holdAll`) until a search parses one.
  const split = new SplitFiles(source, manifest, fail);
  let search: LoadedSearch;
  try {
    search = splitBase ? loadSplitSearch(firstJson, (file) => split.take(file)) : loadSearch(firstJson, { validate: false });
  } catch (e) {
    return fail(`${firstName}: ${(e as Error).message}`);
  }
  counted(splitBase ? 'the split search index' : 'search index', search);
  const byId = new Map(catalog.documents.map((d) => [d.id, d]));
  const documentOf = wikiTargets(catalog.documents);
  const markdown = new MarkdownStore(
    new Map(),
    (target) => documentOf(target)?.title,
    (id) => {
      const entry = byId.get(id);
      return entry && readMarkdown(source, entry, fail);
    },
  );
  const set: ArtifactSet = {
    manifest,
    catalog,
    search,
    byId,
    ids: [...byId.keys()].sort(),
    markdown,
    source: source.label,
    loadedAt: new Date().toISOString(),
  };
  const rest = async (): Promise<ArtifactSet> => {
    if (serveEarly) await (firstAnswer ?? delay(REST_AFTER_MS));
    checkManifestFiles(manifest, fail);
    await checkSchemaInSlices('catalog.json', CatalogSchema, CatalogEntrySchema, catalogJson, fail);
    if (!splitBase) await checkSchemaInSlices('search-index.json', IndexEnvelopeSchema, SearchDocumentSchema, firstJson, fail);
    await readAllMarkdown(byId, markdown);
    if (splitBase) await split.holdAll();
    await yieldToIo();
    // The first search_knowledge after this costs what later ones do (snippets included); see warmSearch.
    if (splitBase) await warmSplitSearch(search, (d) => markdown.sectionTexts(d));
    else {
      warmSearch(search, (d) => {
        const texts = markdown.sectionTexts(d);
        return texts instanceof Promise ? undefined : texts;
      });
    }
    return set;
  };
  const complete = rest();
  // The caller handles a failure through `complete`; this keeps Node from calling it unhandled in between.
  complete.catch(() => undefined);
  return { set, complete };
}

/** The split index's folder below `_wiki/`, as the manifest names its files. */
const SPLIT_DIR = SEARCH_SPLIT_DIR.slice(ARTIFACT_DIR.length + 1);

/** The manifest's entry for `name` (a path below `_wiki/`) when it has a usable one, else undefined. */
function fileInfo(manifest: Manifest, name: string): { sha256: string; bytes: number } | undefined {
  const info = (manifest.files as Record<string, unknown>)[name] as { sha256?: unknown; bytes?: unknown } | undefined;
  return info && typeof info.sha256 === 'string' && SHA256.test(info.sha256) && Number.isSafeInteger(info.bytes) && (info.bytes as number) >= 0
    ? { sha256: info.sha256, bytes: info.bytes as number }
    : undefined;
}

/** The split index's files other than its base, by name below `_wiki/search/` (`terms-3.json`, `docs-12.json`, `initials.json`). */
const SPLIT_FILE = /^(?:terms-\d+|docs-\d+|initials)\.json$/;

/**
 * The split index's files as its loader asks for them: each read no longer than the manifest says, checked against its
 * sha256 and parsed. Once the build is in, `holdAll` reads and checks every one the loader has not asked for yet and
 * holds its bytes deflated, so that searches never depend on the folder later (as the documents' Markdown, see MarkdownStore);
 * the loader asks for a file once and keeps what it parsed, so a file's bytes are dropped when it is taken.
 */
class SplitFiles {
  readonly #held = new Map<string, Buffer>();
  /** Files the loader has asked for: never held again. */
  readonly #taken = new Set<string>();
  readonly #source: ArtifactSource;
  readonly #manifest: Manifest;
  readonly #fail: (d: string) => never;

  constructor(source: ArtifactSource, manifest: Manifest, fail: (d: string) => never) {
    this.#source = source;
    this.#manifest = manifest;
    this.#fail = fail;
  }

  /** One file, parsed: from the held bytes, or read and checked now. */
  async take(file: string): Promise<unknown> {
    const name = `${SPLIT_DIR}/${file}`;
    this.#taken.add(file);
    const held = this.#held.get(file);
    this.#held.delete(file);
    return parseJsonLater(held ? inflateRawSync(held) : await this.#read(name))(name, this.#fail);
  }

  /** Reads and checks every file of the split index the loader has not asked for yet; rejects with the first problem. */
  async holdAll(): Promise<void> {
    const prefix = `${SPLIT_DIR}/`;
    const files = Object.keys(this.#manifest.files)
      .filter((name) => name.startsWith(prefix) && SPLIT_FILE.test(name.slice(prefix.length)))
      .map((name) => name.slice(prefix.length))
      .filter((file) => !this.#taken.has(file) && !this.#held.has(file));
    let next = 0;
    const worker = async () => {
      for (;;) {
        if (next % 64 === 63) await yieldToIo();
        const file = files[next++];
        if (file === undefined) return;
        const packed = await pack(await this.#read(`${SPLIT_DIR}/${file}`));
        // A search may have asked for it meanwhile, and holds what it parsed.
        if (!this.#taken.has(file)) this.#held.set(file, packed);
      }
    };
    await Promise.all(Array.from({ length: Math.min(DOC_READ_CONCURRENCY, files.length) }, worker));
  }

  async #read(name: string): Promise<Buffer> {
    const info = fileInfo(this.#manifest, name);
    if (!info)
      return this.#fail(
        `manifest.json field files.${name}: missing or not a sha256 and a size, and the search needs that file. Rebuild with \`npm run build\`.`,
      );
    const bytes = await this.#source.readBytes(`${ARTIFACT_DIR}/${name}`, info.bytes).catch((e: Error) => this.#fail(e.message));
    checkDigest(name, await sha256OffThread(bytes), info.sha256, this.#fail);
    return bytes;
  }
}

/** How long an early load waits before the rest when its caller gives no `firstAnswer`. */
const REST_AFTER_MS = 1000;

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/** Parses now; the result (or why the file is not JSON) is given when asked, after its hash has been checked. */
function parseJsonLater(bytes: Buffer): (name: string, fail: (d: string) => never) => unknown {
  try {
    const json: unknown = JSON.parse(bytes.toString('utf8'));
    return () => json;
  } catch (e) {
    return (name, fail) => fail(`${name} is not valid JSON (${(e as Error).message}). Rebuild with \`npm run build\`.`);
  }
}

/** sha256 (hex) computed by WebCrypto, which runs on the thread pool. */
async function sha256OffThread(bytes: Buffer): Promise<string> {
  // A file's bytes are never in shared memory (the types allow a Buffer over a SharedArrayBuffer, which WebCrypto refuses).
  return Buffer.from(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>)).toString('hex');
}

/**
 * The catalog's fields the server relies on before the schema has seen every field: the lists it walks, and each
 * document's id, Markdown path and hash (an id becomes a file path, a hash vouches for the file). The manifest's hash
 * has vouched for the bytes; `checkSchemaInSlices` then checks every field.
 */
function checkCatalogTrusted(json: unknown, fail: (d: string) => never): Catalog {
  const catalog = json as Partial<Record<keyof Catalog, unknown>> | null;
  if (typeof catalog !== 'object' || catalog === null || Array.isArray(catalog)) return fail('catalog.json is not an object. Rebuild with `npm run build`.');
  if (catalog.version !== ARTIFACT_VERSION) fail(`catalog.json: ${versionError('Artifact', catalog.version, ARTIFACT_VERSION)}`);
  for (const key of ['documents', 'projects', 'categories', 'tags'] as const) {
    if (!Array.isArray(catalog[key])) fail(`catalog.json field ${key}: expected an array. Rebuild with \`npm run build\`.`);
  }
  (catalog.documents as unknown[]).forEach((d, i) => {
    const doc = d as Partial<Record<'id' | 'markdownPath' | 'sha256', unknown>> | null;
    if (typeof doc !== 'object' || doc === null) return fail(`catalog.json field documents.${i}: expected an object. Rebuild with \`npm run build\`.`);
    // The id becomes a file path below; only well-formed slugs may do that.
    if (typeof doc.id !== 'string' || !isSlug(doc.id)) return fail(`catalog.json has a document id ${JSON.stringify(doc.id)} that is not a valid id.`);
    if (doc.markdownPath !== `${ARTIFACT_DIR}/docs/${doc.id}.md`)
      fail(`catalog.json: document ${doc.id} has markdownPath ${JSON.stringify(doc.markdownPath)}, expected ${ARTIFACT_DIR}/docs/${doc.id}.md.`);
    if (typeof doc.sha256 !== 'string' || !SHA256.test(doc.sha256))
      fail(`catalog.json field documents.${i}.sha256: expected 64 hexadecimal digits. Rebuild with \`npm run build\`.`);
  });
  return catalog as Catalog;
}

const SHA256 = /^[0-9a-f]{64}$/;
/** Documents checked against their schema per step (about 60 ms at a time for the catalog). */
const SCHEMA_SLICE = 500;

/**
 * Checks a parsed file against its schema (the file without its documents, then the documents a slice at a time, with
 * requests let in between); fails naming the file and the first wrong field, as a whole-file parse would.
 */
async function checkSchemaInSlices(name: string, schema: z.ZodObject, element: z.ZodType, json: unknown, fail: (d: string) => never): Promise<void> {
  const documents = (json as { documents: unknown[] }).documents;
  const top = schema.safeParse({ ...(json as object), documents: [] });
  if (!top.success) fail(`${name} ${issueText(top.error.issues)}. Rebuild with \`npm run build\`.`);
  const slice = z.array(element);
  for (let from = 0; from < documents.length; from += SCHEMA_SLICE) {
    await yieldToIo();
    const parsed = slice.safeParse(documents.slice(from, from + SCHEMA_SLICE));
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({ ...issue, path: ['documents', from + Number(issue.path[0]), ...issue.path.slice(1)] }));
      fail(`${name} ${issueText(issues)}. Rebuild with \`npm run build\`.`);
    }
  }
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

/** The last manifest text checked and what it gave: the stdio server checks it before loading, then loads with it. */
let lastManifest: { text: string; manifest: Manifest } | undefined;

/**
 * Parses and checks a manifest: its format and versions, and every field but the list of the site's search files, which
 * `checkManifestFiles` checks later (23,000 entries at 10,000 documents; nothing the server reads).
 */
function parseManifest(text: string, fail: (d: string) => never): Manifest {
  if (lastManifest?.text === text) return lastManifest.manifest;
  let json: { format?: unknown; version?: unknown; searchOptionsVersion?: unknown; maruVersion?: unknown; files?: unknown };
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
  const files = json.files as Partial<Manifest['files']> | undefined;
  const read = typeof files === 'object' && files !== null ? { 'catalog.json': files['catalog.json'], 'search-index.json': files['search-index.json'] } : files;
  const parsed = ManifestSchema.safeParse({ ...json, files: read });
  if (!parsed.success) return fail(`manifest.json ${issueText(parsed.error.issues)}. Rebuild with \`npm run build\`.`);
  const manifest = { ...parsed.data, files: files as Manifest['files'] };
  lastManifest = { text, manifest };
  return manifest;
}

/** The manifest's whole list of files against its schema (see `parseManifest`). */
function checkManifestFiles(manifest: Manifest, fail: (d: string) => never): void {
  const parsed = ManifestSchema.shape.files.safeParse(manifest.files);
  if (!parsed.success)
    fail(`manifest.json ${issueText(parsed.error.issues.map((i) => ({ ...i, path: ['files', ...i.path] })))}. Rebuild with \`npm run build\`.`);
}

function checkHash(name: string, data: string | Buffer, expected: string, fail: (d: string) => never): void {
  checkDigest(name, sha256(data), expected, fail);
}

function checkDigest(name: string, actual: string, expected: string, fail: (d: string) => never): void {
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
