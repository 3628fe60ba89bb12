import type { Root } from 'mdast';
import type { Transformer } from 'unified';

/** The quoted module name that ends an import (`'@theme/Tabs';`). */
const MODULE = /(['"])[^'"\n]+\1\s*;?$/;
/** What may stand between `import` and `from`: names, `* as X`, `{ A, B as C }`, `type`. */
const BINDINGS = /^[\w$*{},\s]+$/;

/**
 * One ES module import as MDX writes it at the top level (`import Tabs from '@theme/Tabs';`, `import {A, B} from "./x"`,
 * `import * as X from 'y'`, `import './style.css'`). The quoted module name is required, so prose that starts with the
 * word "import" is never taken for one. Checked in steps rather than by one pattern: a pattern that both repeats
 * spaces and looks for the ones before `from` takes quadratic time on a long line of content, which is untrusted.
 */
export function isImportLine(line: string): boolean {
  if (line.length > 1000 || !/^import\s/.test(line)) return false;
  const module = MODULE.exec(line);
  if (!module) return false;
  const bindings = line.slice('import'.length, module.index).trim();
  if (!bindings) return true;
  if (!/\sfrom$/.test(bindings)) return false;
  return BINDINGS.test(bindings.slice(0, -'from'.length));
}

/**
 * Drops the paragraphs of the document's top level whose every line is an MDX import: Docusaurus reads `.md` files as
 * MDX, so pages brought from it start with the imports of the components they use, which no reader should see as text
 * (their components' tags are dropped by remarkForeignHtml). Imports inside lists, quotes or code stay as written.
 */
export default function remarkMdxImports(): Transformer<Root> {
  return (tree, file) => {
    const source = String(file.value ?? '');
    tree.children = tree.children.filter((node) => {
      if (node.type !== 'paragraph') return true;
      const start = node.position?.start.offset;
      const end = node.position?.end.offset;
      if (start === undefined || end === undefined || !source.startsWith('import', start)) return true;
      return !source
        .slice(start, end)
        .split('\n')
        .every((line) => isImportLine(line.trim()));
    });
  };
}
