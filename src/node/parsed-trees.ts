import { deserialize, serialize } from 'node:v8';
import type { Root } from 'mdast';
import { visit } from '../lib/markdown/visit.ts';
import type { ParsedTrees } from '../markdown/remark-parsed-trees.ts';

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
  const kept = new Map<string, { body: string; bodyLine: number; tree: Uint8Array }>();
  const counts = { reused: 0, parsed: 0 };
  let bytes = 0;
  const release = (file: string) => {
    const parsed = kept.get(file);
    if (parsed) bytes -= parsed.tree.byteLength;
    kept.delete(file);
    return parsed;
  };
  const keepSerialized = (file: string, body: string, bodyLine: number, serialized: Uint8Array) => {
    if (bytes + serialized.byteLength > budget) {
      // Later bodies may be smaller, but a wiki this large is better served by a steady rule: nothing more is kept.
      bytes = budget;
      return false;
    }
    bytes += serialized.byteLength;
    kept.set(file, { body, bodyLine, tree: serialized });
    return true;
  };
  return {
    keep(file, { body, bodyLine, tree }) {
      release(file);
      return bytes < budget && keepSerialized(file, body, bodyLine, serialize(tree));
    },
    keepSerialized(file, { body, bodyLine, serialized }) {
      release(file);
      return bytes < budget && keepSerialized(file, body, bodyLine, serialized);
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
