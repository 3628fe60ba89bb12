import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import { dialectPlugins } from './src/lib/markdown/dialect.ts';
const make = (unit: string, kb: number) => { let s = ''; while (s.length < kb * 1024) s += unit; return s; };
const procs = {
  bare: unified().use(remarkParse).freeze(),
  gfm: unified().use(remarkParse).use(remarkGfm).freeze(),
  dialect: unified().use(remarkParse).use(remarkGfm).use(dialectPlugins()).freeze(),
};
procs.dialect.parse(make('abc\n', 8));
const [unitName, procName] = process.argv.slice(2);
const units: Record<string, string> = { hint: '?> a\n!> b\n', hintblank: '?> a\n\n!> b\n\n', liquid: '{% if x %}\n', plain: 'abc def\n' };
const times: number[] = [];
for (const kb of (process.argv[4] ?? "8,16,32,64").split(",").map(Number)) { const t = performance.now(); procs[procName as keyof typeof procs].parse(make(units[unitName!]!, kb)); times.push(performance.now() - t); }
console.log(unitName, procName, times.map((t) => t.toFixed(0)).join(' '));
