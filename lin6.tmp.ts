import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import { VFile } from 'vfile';
import { dialectPlugins } from './src/lib/markdown/dialect.ts';
import { parseMarkdown } from './src/lib/markdown/parse.ts';
const processor = unified().use(remarkParse).use(remarkGfm).use(dialectPlugins()).freeze();
const units: Record<string, string> = { math: '$x^2$ 와 $y$\n', liquid: '{% if site.x %}\n텍스트\n{% endif %}\n', blockId: '문장 ^abc123\n\n' };
const u = units[process.argv[2]!]!;
const make = (kb: number) => u.repeat(Math.ceil((kb * 1024) / u.length));
parseMarkdown(make(16));
for (const kb of [128, 512, 128, 512]) {
  const text = make(kb);
  const file = new VFile({ value: text });
  let t = performance.now(); const tree = processor.parse(file); const p = performance.now() - t;
  t = performance.now(); processor.runSync(tree, file); const r = performance.now() - t;
  t = performance.now(); parseMarkdown(text); const all = performance.now() - t;
  console.log(kb, 'parse', p.toFixed(0), 'transforms', r.toFixed(0), 'parseMarkdown', all.toFixed(0));
}
