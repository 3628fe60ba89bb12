import { mapFencedLines } from '../../markdown/fenced-lines.ts';

/**
 * A Logseq property line: `key:: value` alone on its line, a page's at the top (`title:: 회의`, `tags:: 회의, [[기록]]`),
 * a block's under the block's first line (`  id:: 650a…`, `  collapsed:: true`). Greedy, one pass per line.
 */
const PROPERTY_LINE = /^[ \t]*(?:- )?([A-Za-z][\w-]*)::(?:[ \t](.*))?$/;
/** A block reference, `((650a1b2c-…))`: Logseq shows the referenced block's text there. */
const BLOCK_REF = /\(\(([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\)\)/g;
const BLOCK_EMBED = /\{\{embed[ \t]+\(\(([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\)\)[ \t]*\}\}/g;
const BLOCK_ID = /^[ \t]*id::[ \t]*([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})[ \t]*$/;
/** Longer lines are no property anyone wrote. */
const MAX_LINE = 1000;

/** The property lines of a Logseq page: every one outside code (lines from 1), and the page's own, those before its first block. */
export function logseqProperties(body: string): { lines: Set<number>; page: Map<string, string> } {
  const lines = new Set<number>();
  const page = new Map<string, string>();
  let line = 0;
  let top = true;
  mapFencedLines(body, (text, code) => {
    line++;
    const m = code || text.length > MAX_LINE ? null : PROPERTY_LINE.exec(text);
    if (m) {
      lines.add(line);
      if (top && !page.has(m[1]!.toLowerCase())) page.set(m[1]!.toLowerCase(), (m[2] ?? '').trim());
    } else if (text.trim()) top = false;
    return text;
  });
  return { lines, page };
}

/** A block a reference can show: its first line, and the file it is in (a path from the content root). */
export interface LogseqBlock {
  text: string;
  path: string;
}

/**
 * The text of every block that carries an `id::` property, by id: the block's first line without its bullet (`- `) and
 * task marker, as a reference to it shows it, with the file it is in.
 */
export function blockTexts(files: Iterable<{ path: string; text: string }>): Map<string, LogseqBlock> {
  const blocks = new Map<string, LogseqBlock>();
  for (const { path, text: body } of files) {
    if (!body.includes('id::')) continue;
    const lines = body.split('\n');
    lines.forEach((line, i) => {
      const id = line.length <= MAX_LINE ? BLOCK_ID.exec(line)?.[1] : undefined;
      if (!id || blocks.has(id)) return;
      // The block's first line is the nearest line above that is no property line.
      for (let j = i - 1; j >= 0; j--) {
        const above = lines[j]!;
        if (above.length <= MAX_LINE && PROPERTY_LINE.test(above)) continue;
        const text = above
          .replace(/^[ \t]*(?:[-*+][ \t]+)?/, '')
          .replace(/^(?:TODO|DOING|DONE|LATER|NOW|WAITING|CANCELED|CANCELLED)[ \t]+/, '')
          .trim();
        if (text) blocks.set(id, { text, path });
        return;
      }
    });
  }
  return blocks;
}

/**
 * `((id))` block references replaced by the blocks' text, linked to the page the block is on when that is another page
 * (as Logseq opens it); `{{embed ((id))}}` shows the text alone. One that names no block stays as written. Line count
 * unchanged. A block whose text holds brackets (a link of its own) is shown unlinked: links do not nest.
 */
export function withBlockRefs(body: string, blocks: ReadonlyMap<string, LogseqBlock>, fromPath?: string): string {
  if (!body.includes('((')) return body;
  const shown = (ref: string, id: string) => blocks.get(id)?.text ?? ref;
  const linked = (ref: string, id: string) => {
    const block = blocks.get(id);
    if (!block) return ref;
    if (block.path === fromPath || /[[\]]/.test(block.text) || /[<>\n]/.test(block.path)) return block.text;
    // From the content root, so the link needs no path relative to this file; `%` kept as written (`회의%2F규칙.md`).
    return `[${block.text}](</${block.path.replace(/%/g, '%25')}>)`;
  };
  return mapFencedLines(body, (text, code) => (code ? text : text.replace(BLOCK_EMBED, shown).replace(BLOCK_REF, linked)));
}

/**
 * What Logseq calls a page from its file: a journal `journals/2024_01_15.md` is `2024-01-15`; a namespaced page
 * `pages/회의___2024.md` (or the older `회의%2F2024.md`) is `회의/2024`. Undefined for a plain page name.
 */
export function logseqTitle(path: string): string | undefined {
  const name = path.slice(path.lastIndexOf('/') + 1).replace(/\.(md|markdown)$/i, '');
  const journal = /^(\d{4})_(\d{2})_(\d{2})$/.exec(name);
  if (journal && /(^|\/)journals\//.test(path)) return `${journal[1]}-${journal[2]}-${journal[3]}`;
  const named = name.replace(/___/g, '/').replace(/%2F/gi, '/');
  return named === name ? undefined : named;
}

/** The frontmatter a page's properties give: `title`, `tags` and `alias` (lists with `[[…]]` and `#` taken off); the rest as extra data. */
export function propertyData(page: ReadonlyMap<string, string>, known: ReadonlySet<string>): Record<string, unknown> {
  const list = (value: string) =>
    value
      .split(',')
      .map((v) =>
        v
          .trim()
          .replace(/^#/, '')
          .replace(/^\[\[(.*)\]\]$/, '$1')
          .trim(),
      )
      .filter(Boolean);
  const data: Record<string, unknown> = {};
  for (const [key, value] of page) {
    if (key === 'title') data.title = value;
    else if (key === 'tags') data.tags = list(value);
    else if (key === 'alias') data.aliases = list(value);
    // A property named like one of Maru's fields (`id:: 650a…`, `category:: 책`) means something else in Logseq.
    else if (!known.has(key) && key !== 'aliases') data[key] = value;
  }
  return data;
}
