import { deserialize, serialize } from 'node:v8';
import type { Root } from 'mdast';
import type { Processor } from 'unified';
import type { VFile } from 'vfile';
import { visit } from '../lib/markdown/visit.ts';

/**
 * The syntax trees Maru made while collecting the wiki, waiting for the site's renderer. A cold build used to parse
 * every document twice: once to read its structure (`parseMarkdown`) and once more in Astro's Markdown pipeline, which
 * re-parses the same body from text. With `remarkParsedTrees` first among the site's remark plugins, the renderer takes
 * the tree already made for a file when it is handed exactly the text that tree came from, and parses only otherwise.
 * Both parsers must read the same syntax: the site's remark plugins add none beyond `dialectPlugins`, which both use
 * (test/markdown/parsed-trees.test.ts compares the trees and the HTML for every Markdown file we have).
 */
export interface ParsedTrees {
  /**
   * Keeps a copy of the untouched tree of a file's body (`bodyLine`: the body's first line in the file); false when it
   * was not kept because the budget is spent (that file's body is parsed again when it is rendered).
   */
  keep(file: string, parsed: { body: string; bodyLine: number; tree: Root }): boolean;
  /**
   * The tree of `file` exactly as parsing `text` would make it, or undefined (then the caller parses). A tree is handed
   * out once: the renderer's plugins change it in place.
   */
  take(file: string, text: string): Root | undefined;
  /** Drops what no render took (documents whose HTML was reused) and starts the counts again. */
  clear(): void;
  /** Since the last `clear`: texts rendered from a kept tree, and texts the renderer had to parse. */
  readonly counts: { reused: number; parsed: number };
}

/**
 * How many bytes of serialized trees may wait between collecting the wiki and rendering it. A tree is kept serialized
 * (`v8.serialize`, the structured clone format) in a Buffer outside the JavaScript heap: about 8 bytes per character of
 * Korean-heavy Markdown, 88 MB for 2,000 generated documents, and deserializing it takes a fourteenth of parsing the text
 * again. Kept as live objects instead, trees cost the garbage collector more than the parse they saved once a wiki
 * passed about 16 Mi characters (a 10,000-document build ran out of heap). The budget holds the 10,000 generated
 * documents (53 Mi characters, about 440 MB); a larger wiki keeps the first trees that fit and parses the others again.
 */
export const KEPT_BYTES_BUDGET = 512 * 1024 * 1024;

export function parsedTrees(budget = KEPT_BYTES_BUDGET): ParsedTrees {
  const kept = new Map<string, { body: string; bodyLine: number; tree: Buffer }>();
  const counts = { reused: 0, parsed: 0 };
  let bytes = 0;
  const release = (file: string) => {
    const parsed = kept.get(file);
    if (parsed) bytes -= parsed.tree.byteLength;
    kept.delete(file);
    return parsed;
  };
  return {
    keep(file, { body, bodyLine, tree }) {
      release(file);
      if (bytes >= budget) return false;
      const serialized = serialize(tree);
      if (bytes + serialized.byteLength > budget) {
        // Later bodies may be smaller, but a wiki this large is better served by a steady rule: nothing more is kept.
        bytes = budget;
        return false;
      }
      bytes += serialized.byteLength;
      kept.set(file, { body, bodyLine, tree: serialized });
      return true;
    },
    take(file, text) {
      const parsed = release(file);
      // Astro renders the file's text without its frontmatter, which leaves the newline that ended the closing fence:
      // the body one line further down. Any other text (line endings Maru normalised, a changed file) is parsed anew.
      const shifted = (parsed?.bodyLine ?? 1) > 1;
      if (!parsed || text !== (shifted ? `\n${parsed.body}` : parsed.body)) {
        counts.parsed++;
        return undefined;
      }
      const tree = deserialize(parsed.tree) as Root;
      if (shifted) shiftDown(tree);
      counts.reused++;
      return tree;
    },
    clear: () => {
      kept.clear();
      bytes = 0;
      counts.reused = counts.parsed = 0;
    },
    counts,
  };
}

/**
 * Positions as if the text had one more line in front: a leading blank line changes no Markdown structure, so the
 * tree of `\n` + body is the body's tree one line down, and only the root still starts at the first line.
 */
function shiftDown(tree: Root): void {
  visit(tree, (node) => {
    const p = node.position;
    if (!p) return;
    const start = node === tree ? p.start : { ...p.start, line: p.start.line + 1, offset: (p.start.offset ?? 0) + 1 };
    node.position = { start, end: { ...p.end, line: p.end.line + 1, offset: (p.end.offset ?? 0) + 1 } };
  });
}

/**
 * Remark plugin: the processor's parser answers from `trees` when it can. Options: the build's `ParsedTrees`.
 * Everything after parsing (every plugin, in order) runs as before, on a tree equal to the one parsing would make.
 */
export default function remarkParsedTrees(this: Processor, trees: ParsedTrees): void {
  const parse = this.parser;
  if (!parse) throw new Error('remarkParsedTrees must come after remark-parse');
  // Plugins that parse a fragment of a document (`this.parse(text)`) give no file: those are parsed as before.
  this.parser = (text: string, file: VFile) => ((file.path as string | undefined) ? trees.take(file.path, text) : undefined) ?? parse(text, file);
}
