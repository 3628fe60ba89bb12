import { ARTIFACT_DIR, ARTIFACT_VERSION, CatalogSchema, ManifestSchema, versionError, type Catalog, type CatalogEntry, type Manifest } from '../src/lib/artifacts/schema.ts';
import { SEARCH_OPTIONS_VERSION } from '../src/lib/search/contract.ts';
import { loadSearch, type LoadedSearch } from '../src/lib/search/envelope.ts';
import { isSlug } from '../src/lib/wiki/slug.ts';
import { sha256 } from '../src/node/hash.ts';
import { NotFoundError, notFoundMessage, type ArtifactSource } from './source.ts';

/** One validated build: everything the tools need, held in memory so handlers never touch the disk. */
export interface ArtifactSet {
  readonly manifest: Manifest;
  readonly catalog: Catalog;
  readonly search: LoadedSearch;
  readonly byId: ReadonlyMap<string, CatalogEntry>;
  /** Every id, sorted. */
  readonly ids: readonly string[];
  /** `_wiki/docs/<id>.md` text by id, read on first use (or up front, see `loadArtifacts`) and checked against its catalog sha256. */
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
 * The documents' Markdown, read when first asked for and kept. At 10,000 documents reading and
 * hashing every file took longer than everything else a cold start does, so a first load reads
 * none of them; a reload reads them all before the new set replaces the old (see `loadArtifacts`).
 */
export class MarkdownStore {
  readonly #read = new Map<string, Promise<string>>();
  readonly #source: ArtifactSource;
  readonly #byId: ReadonlyMap<string, CatalogEntry>;
  readonly #fail: (detail: string) => never;

  constructor(source: ArtifactSource, byId: ReadonlyMap<string, CatalogEntry>, fail: (detail: string) => never) {
    this.#source = source;
    this.#byId = byId;
    this.#fail = fail;
  }

  /** The text of a document, or undefined for an unknown id; rejects when the file is missing or was changed after the build. */
  get(id: string): Promise<string | undefined> {
    const entry = this.#byId.get(id);
    if (!entry) return Promise.resolve(undefined);
    let p = this.#read.get(id);
    if (!p) {
      p = this.#source.read(entry.markdownPath).then(
        (text) => {
          checkHash(entry.markdownPath, text, entry.sha256, this.#fail);
          return text;
        },
        (e: Error) => this.#fail(e.message),
      );
      // A failed read is not kept: the next call tries again.
      p.catch(() => this.#read.delete(id));
      this.#read.set(id, p);
    }
    return p;
  }

  /** Several documents at once, as a lookup for code that needs them synchronously. */
  async getMany(ids: readonly string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    let next = 0;
    const worker = async () => {
      while (next < ids.length) {
        const id = ids[next++]!;
        const text = await this.get(id);
        if (text !== undefined) out.set(id, text);
      }
    };
    await Promise.all(Array.from({ length: Math.min(DOC_READ_CONCURRENCY, ids.length) }, worker));
    return out;
  }

  /** Reads and checks every document; rejects with the first problem. */
  async verifyAll(): Promise<void> {
    await this.getMany([...this.#byId.keys()]);
  }
}

/**
 * Loads and validates a build; throws one message naming the source, the file and what to do.
 * With `verifyDocuments` every Markdown file is read and hash-checked before it returns (reloads
 * use it, so a broken new build never replaces a good one); otherwise each is checked when first read.
 */
export async function loadArtifacts(source: ArtifactSource, manifestText?: string, options: { verifyDocuments?: boolean } = {}): Promise<ArtifactSet> {
  const fail = (detail: string): never => {
    throw new Error(`Artifacts in ${source.label} are not usable: ${detail}`);
  };
  const text = manifestText ?? (await readManifest(source));
  const manifest = parseManifest(text, fail);
  const catalogText = await source.read(`${ARTIFACT_DIR}/catalog.json`);
  const indexText = await source.read(`${ARTIFACT_DIR}/search-index.json`);
  checkHash('catalog.json', catalogText, manifest.files['catalog.json'].sha256, fail);
  checkHash('search-index.json', indexText, manifest.files['search-index.json'].sha256, fail);
  const catalog = parseCatalog(catalogText, fail);
  let search: LoadedSearch;
  try {
    search = loadSearch(JSON.parse(indexText));
  } catch (e) {
    return fail(`search-index.json: ${(e as Error).message}`);
  }
  if (catalog.documents.length !== manifest.documentCount || search.documents.length !== manifest.documentCount) {
    fail(`manifest says ${manifest.documentCount} documents, catalog has ${catalog.documents.length}, search index has ${search.documents.length}. Rebuild with \`npm run build\`.`);
  }
  const byId = new Map(catalog.documents.map((d) => [d.id, d]));
  const markdown = new MarkdownStore(source, byId, fail);
  if (options.verifyDocuments) await markdown.verifyAll();
  return { manifest, catalog, search, byId, ids: [...byId.keys()].sort(), markdown, source: source.label, loadedAt: new Date().toISOString() };
}

/** The manifest text, with the "run the build" message when there is none. */
export async function readManifest(source: ArtifactSource): Promise<string> {
  try {
    return await source.read(MANIFEST_PATH);
  } catch (e) {
    if (e instanceof NotFoundError) throw new Error(notFoundMessage(source.label), { cause: e });
    throw e;
  }
}

function parseManifest(text: string, fail: (d: string) => never): Manifest {
  let json: { format?: unknown; version?: unknown; searchOptionsVersion?: unknown };
  try {
    json = JSON.parse(text) as typeof json;
  } catch {
    return fail('manifest.json is not valid JSON. Rebuild with `npm run build`.');
  }
  if (json.format !== 'maru-wiki') fail(`manifest.json has format ${JSON.stringify(json.format)}, expected "maru-wiki". Point --artifacts at a Maru build.`);
  if (json.version !== ARTIFACT_VERSION) fail(`manifest.json: ${versionError('Artifact', json.version, ARTIFACT_VERSION)}`);
  if (json.searchOptionsVersion !== SEARCH_OPTIONS_VERSION) {
    fail(`the index was built with search options version ${String(json.searchOptionsVersion)}, but this server uses version ${SEARCH_OPTIONS_VERSION}. Rebuild with \`npm run build\` (or update the server).`);
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
    if (d.markdownPath !== `${ARTIFACT_DIR}/docs/${d.id}.md`) fail(`catalog.json: document ${d.id} has markdownPath ${JSON.stringify(d.markdownPath)}, expected ${ARTIFACT_DIR}/docs/${d.id}.md.`);
  }
  return parsed.data;
}

function checkHash(name: string, text: string, expected: string, fail: (d: string) => never): void {
  const actual = sha256(text);
  if (actual !== expected) {
    fail(`${name} has sha256 ${actual.slice(0, 12)}…, but the manifest says ${expected.slice(0, 12)}…. The build is incomplete or was changed after it was written; rebuild with \`npm run build\`.`);
  }
}

function issueText(issues: readonly { path: PropertyKey[]; message: string }[]): string {
  const first = issues[0];
  return first ? `field ${first.path.map(String).join('.') || '(root)'}: ${first.message}` : 'is malformed';
}
