import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkCjk from 'remark-cjk-friendly';
import { linearizeTextResolution } from './src/lib/markdown/linear-text.ts';
const p = unified().use(remarkParse).use(remarkGfm).use(remarkCjk).use(remarkMath);
const files: string[] = [];
for (const c of ['ko-react-docs', 'ko-vue-docs', 'ko-cs-study']) {
  const root = `/work/shared/corpora/${c}`;
  for (const f of readdirSync(root, { recursive: true, encoding: 'utf8' })) if (f.endsWith('.md')) files.push(join(root, f));
}
const texts = files.slice(0, 400).map((f) => readFileSync(f, 'utf8'));
const before = texts.map((t) => JSON.stringify(p.parse(t)));
linearizeTextResolution();
const after = texts.map((t) => JSON.stringify(p.parse(t)));
console.log(texts.length, 'files;', before.filter((b, i) => b !== after[i]).length, 'differ');
