import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkCjk from 'remark-cjk-friendly';
const make = (unit: string, kb: number) => { let s = ''; while (s.length < kb * 1024) s += unit; return s; };
const procs: Record<string, any> = {
  bare: unified().use(remarkParse),
  gfm: unified().use(remarkParse).use(remarkGfm),
  math: unified().use(remarkParse).use(remarkMath),
  cjk: unified().use(remarkParse).use(remarkCjk),
  all: unified().use(remarkParse).use(remarkGfm).use(remarkCjk).use(remarkMath),
};
const units: Record<string, string> = { hint: '?> a\n!> b\n', liquid: '{% if x %}\n', plain: 'abc def\n' };
for (const u of Object.keys(units)) for (const p of Object.keys(procs)) {
  (globalThis as any).__spl = 0; (globalThis as any).__len = 0;
  const t = performance.now(); procs[p].parse(make(units[u]!, 16));
  console.log(u, p, (performance.now() - t).toFixed(0), (globalThis as any).__spl, (globalThis as any).__len);
}
