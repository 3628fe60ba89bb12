import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { collectMaterial, type Material } from './generate-corpus.ts';

/** Paragraphs and headings of the real Korean corpora in ../shared/corpora, read in a fixed order. */
export function materialFromSharedCorpora(root = resolve('../shared/corpora')): Material {
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md') && !/(^|\/)(SOURCE|README)\.md$/.test(f))
    .sort();
  return collectMaterial(files.map((f) => readFileSync(join(root, f), 'utf8')));
}
