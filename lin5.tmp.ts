import { parseMarkdown } from './src/lib/markdown/parse.ts';
const make = (unit: string, kb: number) => { let s = ''; while (s.length < kb * 1024) s += unit; return s; };
export const UNITS: Record<string, string> = {
  hint: '?> 팁 a\n!> 중요 b\n',
  liquid: '{% if x %}\n텍스트\n{% endif %}\n',
  hugo: '{{< hint info >}}\n내용\n{{< /hint >}}\n',
  container: '::: tip\n내용\n:::\n',
  mkdocs: '!!! note "제목"\n    내용\n\n',
  wikilink: '[[문서]] 와 [[다른|라벨]]\n',
  highlight: '==강조== 글\n',
  obsidianComment: '%%주석%% 글\n',
  blockId: '문장 ^abc123\n\n',
  math: '$x^2$ 와 $y$\n',
  toc: '[[toc]]\n\n',
  mdxComment: '{/* 주석 */}\n\n',
  wikijs: '> 인용\n{.is-info}\n\n',
  plain: 'abc def\n',
};
parseMarkdown(make('abc\n', 16));
for (const [name, unit] of Object.entries(UNITS)) {
  if (process.argv[2] && !process.argv[2].split(',').includes(name)) continue;
  const t: number[] = [];
  for (const kb of (process.argv[3] ?? "128,512").split(",").map(Number)) { const s = performance.now(); parseMarkdown(make(unit, kb)); t.push(performance.now() - s); }
  console.log(name.padEnd(16), t.map((x) => x.toFixed(0)).join(' '), (t[1]! / t[0]!).toFixed(1));
}
