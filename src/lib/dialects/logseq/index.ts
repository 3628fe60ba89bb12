import { FrontmatterSchema } from '../../wiki/frontmatter.ts';
import { toContentPath } from '../../wiki/slug.ts';
import type { Dialect, MarkedPage } from '../types.ts';
import { blockTexts, logseqProperties, logseqTitle, propertyData, withBlockRefs } from './graph.ts';

/** Maru's own frontmatter fields: a Logseq property of that name (`id:: 650a…`) means something else there. */
const KNOWN_FIELDS: ReadonlySet<string> = new Set(Object.keys(FrontmatterSchema.shape));

/** A Logseq page's frontmatter from its properties and its file name (a journal's date, a namespace), if it gives any. */
function pageData(path: string, page: ReadonlyMap<string, string>): Record<string, unknown> | undefined {
  const data = propertyData(page, KNOWN_FIELDS);
  const title = logseqTitle(path);
  if (title && data.title === undefined) data.title = title;
  return Object.keys(data).length ? data : undefined;
}

/** A graph's pages: property lines are left out of the text, the page's own read as frontmatter; block references show their block. */
function graphPages(files: readonly { path: string; text: string }[]): (path: string, body: string) => MarkedPage {
  const blocks = blockTexts(files.map((f) => ({ path: toContentPath(f.path), text: f.text })));
  return (path, body) => {
    const properties = logseqProperties(body);
    const frontmatter = pageData(path, properties.page);
    return { body: withBlockRefs(body, blocks, toContentPath(path)), skipLines: properties.lines, ...(frontmatter ? { frontmatter } : {}) };
  };
}

export const logseq: Dialect = {
  name: 'logseq',
  label: 'Logseq',
  // A graph keeps its settings, backups (Markdown copies of its pages) and styles in `logseq/` at the root.
  folders: { rootMark: { dir: 'logseq', file: 'config.edn', settings: true } },
  // `{{embed [[회의/규칙]]}}` names `pages/회의___규칙.md`, a journal's embed its date.
  noteTitle: logseqTitle,
  marked: { pages: graphPages },
};
