import { readFileSync, readdirSync } from 'node:fs';
const dir = '/tmp/prof';
const f = readdirSync(dir)[0]!;
const p = JSON.parse(readFileSync(`${dir}/${f}`, 'utf8'));
const self = new Map<number, number>();
const byId = new Map<number, any>(p.nodes.map((n: any) => [n.id, n]));
const dt = p.timeDeltas; 
p.samples.forEach((id: number, i: number) => self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0)));
const parent = new Map<number, number>();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const total = new Map<string, number>();
const selfBy = new Map<string, number>();
const key = (n: any) => `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber}`;
for (const [id, t] of self) {
  selfBy.set(key(byId.get(id)), (selfBy.get(key(byId.get(id))) ?? 0) + t);
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) { const k = key(byId.get(cur)); if (!seen.has(k)) { seen.add(k); total.set(k, (total.get(k) ?? 0) + t); } }
}
const all = [...self.values()].reduce((a, b) => a + b, 0);
console.log('SELF'); for (const [k, t] of [...selfBy].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log((t / all * 100).toFixed(1), k);
console.log('TOTAL'); for (const [k, t] of [...total].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log((t / all * 100).toFixed(1), k);
