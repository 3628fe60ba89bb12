// Where a build's CPU time goes: the self time of a V8 CPU profile (`node --cpu-prof`, one file per thread) summed by
// the part of the build the sampled code belongs to, read from its file path.

/** The parts of a build `profileParts` sums a profile into, in the order it lists them. */
export const PARTS = [
  'Shiki (highlighting)',
  'HTML re-parse and sanitize',
  'mdast → hast → HTML',
  'micromark (Markdown parse)',
  'Maru src/lib',
  'Maru plugins and build (src/markdown, src/node, src/integrations)',
  'YAML and frontmatter',
  'structured clone (threads, trees)',
  'garbage collector',
  'Astro, Vite, bundling',
  'other',
] as const;

export type Part = (typeof PARTS)[number];

/** A `.cpuprofile` as Node writes it (only the fields read here). */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

const RULES: [RegExp, Part][] = [
  [/shiki|oniguruma|vscode-textmate/, 'Shiki (highlighting)'],
  [/parse5|hast-util-raw|hast-util-from-html|hast-util-sanitize|rehype-sanitize|rehype-raw|sanitize/, 'HTML re-parse and sanitize'],
  [/mdast-util-to-hast|hast-util-to-html|hast-util-to-text|remark-rehype|rehype-stringify|property-information/, 'mdast → hast → HTML'],
  [/micromark|mdast-util-from-markdown|mdast-util-gfm|remark-parse|decode-named-character/, 'micromark (Markdown parse)'],
  [/\/src\/lib\//, 'Maru src/lib'],
  [/\/src\/(markdown|node|integrations)\//, 'Maru plugins and build (src/markdown, src/node, src/integrations)'],
  [/yaml|js-yaml|frontmatter/, 'YAML and frontmatter'],
  [/\/(astro|vite|rollup|rolldown|esbuild|@astrojs|@rollup|@rolldown)\//, 'Astro, Vite, bundling'],
];

/** The part of the build a sampled function belongs to, by its name and file (`''` for V8's own entries). */
export function partOf(functionName: string, url: string): Part | undefined {
  if (functionName === '(garbage collector)') return 'garbage collector';
  if (functionName === '(idle)' || functionName === '(program)' || functionName === '(root)') return undefined;
  if (/^(serialize|deserialize|structuredClone|postMessage|writeValue|readValue)$/.test(functionName) && !url) return 'structured clone (threads, trees)';
  for (const [pattern, part] of RULES) if (pattern.test(url)) return part;
  return 'other';
}

/**
 * Milliseconds of self time per part (idle and V8's program time left out), and their sum. Native and WebAssembly frames
 * (no file, or a `wasm://` one: Oniguruma, a TextDecoder) count for the JavaScript that called them.
 */
export function profileParts(profile: CpuProfile): { total: number; parts: Map<Part, number> } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parentOf.set(child, n.id);
  const partOfNode = new Map<number, Part | undefined>();
  const resolve = (id: number): Part | undefined => {
    if (partOfNode.has(id)) return partOfNode.get(id);
    const { functionName, url } = byId.get(id)!.callFrame;
    const parent = parentOf.get(id);
    const own = partOf(functionName, url);
    const part = own === 'other' && (!url || url.startsWith('wasm://')) && parent !== undefined ? (resolve(parent) ?? own) : own;
    partOfNode.set(id, part);
    return part;
  };
  const parts = new Map<Part, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const part = resolve(id);
    if (!part) return;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    parts.set(part, (parts.get(part) ?? 0) + ms);
    total += ms;
  });
  return { total, parts };
}
