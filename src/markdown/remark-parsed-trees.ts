import type { Root } from 'mdast';
import type { Processor } from 'unified';
import type { VFile } from 'vfile';

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
  /** `keep` of a tree another thread serialized (`v8.serialize`). */
  keepSerialized(file: string, parsed: { body: string; bodyLine: number; serialized: Uint8Array }): boolean;
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
 * Remark plugin: the processor's parser answers from `trees` when it can. Options: the build's `ParsedTrees`.
 * Everything after parsing (every plugin, in order) runs as before, on a tree equal to the one parsing would make.
 */
export default function remarkParsedTrees(this: Processor, trees: ParsedTrees): void {
  const parse = this.parser;
  if (!parse) throw new Error('remarkParsedTrees must come after remark-parse');
  // Plugins that parse a fragment of a document (`this.parse(text)`) give no file: those are parsed as before.
  this.parser = (text: string, file: VFile) => ((file.path as string | undefined) ? trees.take(file.path, text) : undefined) ?? parse(text, file);
}
