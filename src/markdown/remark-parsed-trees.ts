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
   * Keeps a copy of the untouched tree of a file's body (`bodyLine`: the body's first line in the file); false when it was
   * not kept. A wiki whose bodies do not all fit the budget keeps none (until `clear`): its trees would cost more in
   * garbage collection than the second parse they save.
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
 * How much Markdown (UTF-16 code units) may wait as trees between collecting the wiki and rendering it: about 250 MB of
 * heap (a tree takes about 15 bytes per character of Korean-heavy Markdown, 82 MB for the 1,000 generated documents).
 * Measured cold builds: at 1,000 documents the trees save 16 % of the CPU (35.5 → 29.8 s) and some peak memory; at
 * 10,000 documents, which run close to Node's default 4 GB heap, keeping every tree ran out of memory, and keeping
 * this budget's worth doubled the garbage collector's time (42.7 → 81.6 s). So a larger wiki keeps none.
 */
export const KEPT_CHARS_BUDGET = 16 * 1024 * 1024;

export function parsedTrees(budget = KEPT_CHARS_BUDGET): ParsedTrees {
  const kept = new Map<string, { body: string; bodyLine: number; tree: Root }>();
  const counts = { reused: 0, parsed: 0 };
  let chars = 0;
  let overflowed = false;
  const release = (file: string) => {
    const parsed = kept.get(file);
    if (parsed) chars -= parsed.body.length;
    kept.delete(file);
    return parsed;
  };
  return {
    keep(file, { body, bodyLine, tree }) {
      release(file);
      if (overflowed) return false;
      if (chars + body.length > budget) {
        overflowed = true;
        kept.clear();
        chars = 0;
        return false;
      }
      chars += body.length;
      kept.set(file, { body, bodyLine, tree: structuredClone(tree) });
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
      if (shifted) shiftDown(parsed.tree);
      counts.reused++;
      return parsed.tree;
    },
    clear: () => {
      kept.clear();
      chars = 0;
      overflowed = false;
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
