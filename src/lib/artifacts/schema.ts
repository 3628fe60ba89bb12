import * as z from 'zod';
import { RelatedEntrySchema } from '../wiki/relations.ts';

/** Version of the `_wiki/*` layout; loaders refuse any other. */
export const ARTIFACT_VERSION = 1;

/** The Maru release this code is (package.json's `version`; test/cli-node.test.ts holds them equal): every manifest names it. */
export const MARU_VERSION = '0.1.0';
/** Where the artifacts live inside the build output. */
export const ARTIFACT_DIR = '_wiki';
/** The site's search files: the split index (`base.json`, `terms-<n>.json`) and the snippet texts. */
export const SEARCH_SPLIT_DIR = `${ARTIFACT_DIR}/search`;
/** Per document, the text its search snippets are cut from (`documentText`), as `<id>.json`; the site fetches it for hits shown. */
export const SEARCH_TEXT_DIR = `${SEARCH_SPLIT_DIR}/text`;

/** A heading of a document; `line` is 1-based in `_wiki/docs/<id>.md`. */
export const CatalogHeadingSchema = z.object({
  depth: z.number().int().min(1).max(6),
  text: z.string(),
  anchor: z.string(),
  line: z.number().int().positive(),
});

/** One published document's metadata, outline and relations. */
export const CatalogEntrySchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  project: z.string().min(1),
  category: z.string().min(1),
  tags: z.array(z.string()),
  aliases: z.array(z.string()),
  summary: z.string(),
  /** `derived` when the summary was cut from the body's first paragraph (the page hides its lead then); absent when written. */
  summarySource: z.literal('derived').optional(),
  /** How the category was chosen when frontmatter named none: a folder's name, or the default (no badge); absent when written. */
  categorySource: z.enum(['folder', 'default']).optional(),
  /** Reading order in its folder (frontmatter `order`, `sidebar_position` or `nav_order`); see `readingOrder`. */
  order: z.number().optional(),
  status: z.enum(['published', 'deprecated']),
  owner: z.string().optional(),
  prompt: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** Path of the source file relative to the content root. */
  sourcePath: z.string(),
  /** Page URL including the site's base path. */
  url: z.string(),
  /** Path of the normalised Markdown relative to the build output. */
  markdownPath: z.string(),
  /** sha256 of the normalised Markdown file, so one manifest hash vouches for every document. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  headings: z.array(CatalogHeadingSchema),
  links: z.array(z.string()),
  backlinks: z.array(z.string()),
  related: z.array(RelatedEntrySchema),
  wordCount: z.number().int().nonnegative(),
  /** Frontmatter keys Maru does not interpret, kept as written. */
  extra: z.record(z.string(), z.unknown()),
});
export type CatalogEntry = z.output<typeof CatalogEntrySchema>;

const CountSchema = z.object({ id: z.string(), count: z.number().int().positive() });

/** `_wiki/catalog.json`. */
export const CatalogSchema = z.object({
  version: z.literal(ARTIFACT_VERSION),
  documents: z.array(CatalogEntrySchema),
  projects: z.array(
    CountSchema.extend({
      categories: z.record(z.string(), z.number().int()),
      updatedAt: z.iso.datetime(),
      /** Id of the project's landing page (`<folder>/README.md` or `index.md`), which gives `title` and `description`. */
      landing: z.string().optional(),
      /** The label the folder's own file gives (`_category_.json`), else the landing page's title; `maru.config.ts` projects win over it. */
      title: z.string().optional(),
      /** The category file's `link.description`, else the landing page's summary. */
      description: z.string().optional(),
      /** The category file's `position`: projects with one come first, in its order; the rest by id. */
      order: z.number().optional(),
    }),
  ),
  categories: z.array(CountSchema),
  tags: z.array(CountSchema),
  /**
   * What the content says of its folders below the projects' (a `_category_.json`'s label, position and collapsed),
   * sorted by path; absent when nothing does. The sidebar titles, orders and closes its nested groups by it.
   */
  folders: z
    .array(
      z.object({
        path: z.string(),
        title: z.string().optional(),
        order: z.number().optional(),
        collapsed: z.boolean().optional(),
      }),
    )
    .optional(),
});
export type Catalog = z.output<typeof CatalogSchema>;

const FileInfoSchema = z.object({ sha256: z.string().regex(/^[0-9a-f]{64}$/), bytes: z.number().int().nonnegative() });

/** `_wiki/manifest.json`: what was built, when, from which commit, and the hash of every artifact. */
export const ManifestSchema = z.object({
  format: z.literal('maru-wiki'),
  version: z.literal(ARTIFACT_VERSION),
  searchOptionsVersion: z.number().int(),
  /** The Maru release that wrote this build (`MARU_VERSION`), for the message a server of another release gives; builds before 0.1.0's release lack it. */
  maruVersion: z.string().optional(),
  /** Build time: SOURCE_DATE_EPOCH, else the commit time, else the newest document date (deterministic). */
  generatedAt: z.iso.datetime(),
  commit: z.string().nullable(),
  base: z.string(),
  site: z.string().nullable(),
  documentCount: z.number().int().nonnegative(),
  /** Hash of catalog.json + search-index.json; changes whenever anything served changes. */
  buildId: z.string(),
  /** Every artifact but the per-document Markdown (hashed in the catalog), by path under `_wiki/`: the catalog, the index and the site's search files. */
  files: z.object({ 'catalog.json': FileInfoSchema, 'search-index.json': FileInfoSchema }).catchall(FileInfoSchema),
});
export type Manifest = z.output<typeof ManifestSchema>;

/**
 * Names a format version mismatch in one line, with the releases to fix it: this Maru (`maru build` of it writes
 * version `expected`) and, when the build names one that looks like a version, the release that made it.
 * `builtBy` comes from the build (possibly a remote one): anything but a plain version is not repeated.
 */
export function versionError(what: string, found: unknown, expected: number, builtBy?: unknown): string {
  const release = typeof builtBy === 'string' && /^\d{1,4}\.\d{1,4}\.\d{1,4}(?:-[0-9A-Za-z.-]{1,40})?$/.test(builtBy) ? builtBy : undefined;
  const by = release ? `Maru ${release}` : typeof found === 'number' && found < expected ? 'an earlier Maru' : 'a later Maru';
  const other = release ? `Maru ${release} (\`npx -y maru-mcp@${release}\`)` : 'the Maru release that made it';
  return `${what} version ${String(found)} is not supported by Maru ${MARU_VERSION}, which reads version ${expected}; this build was made by ${by}. Rebuild it with \`maru build\` of Maru ${MARU_VERSION}, or serve it with ${other}.`;
}
