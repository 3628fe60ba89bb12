import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Deterministic PRNG (mulberry32): the same seed gives the same corpus on every machine. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PROJECTS = ['commerce', 'platform', 'design', 'growth', 'ops', 'data', 'mobile', 'search'];
const CATEGORIES = ['concept', 'policy', 'workflow', 'decision', 'guide', 'reference', 'history'];
const LATIN = [
  'API',
  'props',
  'Redis',
  'PostgreSQL',
  'webhook',
  'OAuth',
  'CDN',
  'SLA',
  'JSON',
  'queue',
  'retry',
  'timeout',
  'feature flag',
  'MCP',
  'CI',
  'Figma',
  'KPI',
  'cron',
];

/** Prose paragraphs and headings of real Korean Markdown, the raw material of generated documents. */
export interface Material {
  paragraphs: string[];
  headings: string[];
}

/** Collects prose paragraphs (no code, tables, tags or lists) and heading texts from Markdown files. */
export function collectMaterial(texts: readonly string[]): Material {
  const paragraphs: string[] = [];
  const headings: string[] = [];
  for (const text of texts) {
    let inCode = false;
    for (const line of text.split('\n')) {
      if (line.startsWith('```')) inCode = !inCode;
      if (inCode) continue;
      const h = /^#{2,3}\s+(.+?)(?:\s*\{.*\})?\s*$/.exec(line);
      if (h && /\p{Script=Hangul}/u.test(h[1]!) && h[1]!.length < 40)
        headings.push(
          h[1]!
            .replace(/[*`[\]]/g, '')
            .replace(/\s+/g, ' ')
            .trim(),
        );
      else if (line.length >= 60 && /\p{Script=Hangul}/u.test(line) && !/^\s*([|#<>*-]|\d+\.|!\[)/.test(line))
        // Link texts may hold one level of brackets (`[빈(`[]`) 의존성](…)`); the targets belong to another corpus.
        paragraphs.push(line.replace(/\[((?:[^[\]]|\[[^\]]*\])*)\]\([^)]*\)/g, '$1').replace(/[<>]/g, ''));
    }
  }
  return { paragraphs, headings };
}

/** One generated document's text (frontmatter + body), built from real paragraphs chosen by the seed. */
export function generateDocument(i: number, count: number, seed: number, material: Material): { path: string; text: string } {
  const rand = prng(seed * 100_003 + i);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const id = `doc-${String(i).padStart(5, '0')}`;
  const project = PROJECTS[i % PROJECTS.length]!;
  const words = 300 + Math.floor(rand() * 1200);
  const link = () => `[[doc-${String(Math.floor(rand() * count)).padStart(5, '0')}]]`;
  const body: string[] = [];
  const used = new Set<string>();
  let written = 0;
  while (written < words) {
    let heading = pick(material.headings);
    while (used.has(heading)) heading = `${heading} ${used.size}`;
    used.add(heading);
    body.push(`## ${heading}`, '');
    for (let p = 0, n = 2 + Math.floor(rand() * 4); p < n && written < words; p++) {
      const para = pick(material.paragraphs);
      body.push(p === 0 ? `${para} ${rand() < 0.5 ? `관련 문서: ${link()}.` : ''}`.trim() : para, '');
      written += para.split(/\s+/).length;
    }
    if (rand() < 0.3)
      body.push(
        '| 항목 | 값 | 비고 |',
        '| --- | --- | --- |',
        `| ${pick(LATIN)} | ${Math.floor(rand() * 100)} | ${pick(LATIN)} |`,
        `| ${pick(LATIN)} | ${Math.floor(rand() * 100)} | ${pick(LATIN)} |`,
        '',
      );
    if (rand() < 0.2) body.push('```ts', `export const ${pick(['limit', 'retries', 'ttl'])} = ${Math.floor(rand() * 1000)};`, '```', '');
  }
  const title = `${pick(material.headings)} ${pick(['안내', '정책', '결정 기록', '가이드', '정리'])}`;
  const tags = [...new Set([pick(LATIN).toLowerCase(), project, pick(CATEGORIES)])];
  const text = [
    '---',
    `id: ${id}`,
    `title: ${JSON.stringify(title)}`,
    `project: ${project}`,
    `category: ${pick(CATEGORIES)}`,
    `tags: [${tags.join(', ')}]`,
    `summary: ${JSON.stringify(`${title}에 대해 팀이 정한 내용.`)}`,
    `updated_at: 2026-${String(1 + (i % 11)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
    '---',
    '',
    ...body,
  ].join('\n');
  return { path: documentPath(i), text };
}

/** Where `generateDocument` writes document `i`: its project's folder, its id. */
export function documentPath(i: number): string {
  return `${PROJECTS[i % PROJECTS.length]!}/doc-${String(i).padStart(5, '0')}.md`;
}

/** Writes `count` generated documents under `dir` (emptied first). */
export function writeCorpus(dir: string, count: number, material: Material, seed = 1): void {
  rmSync(dir, { recursive: true, force: true });
  for (let i = 0; i < count; i++) {
    const doc = generateDocument(i, count, seed, material);
    mkdirSync(join(dir, doc.path, '..'), { recursive: true });
    writeFileSync(join(dir, doc.path), doc.text);
  }
}

/** Queries the benchmarks run against generated corpora: Korean, English, mixed, a spacing slip and a typo. */
export const GENERATED_QUERIES: readonly string[] = [
  '프로세스와 스레드 차이',
  '인덱스를 어떻게 쓰나요',
  '트랜잭션 격리 수준',
  'Redis timeout',
  '상태 끌어올리기',
  'webhook retry',
  '데드락조건',
  '컴포넌트 랜더링',
  'TCP 3-way handshake',
  'useEffect 의존성',
];

/**
 * The change of a one-file pull request, for the preview benchmarks: one paragraph added to the end of the middle
 * document of a corpus `writeCorpus` wrote with `count` documents. Returns that file's path under `dir` and a function
 * that puts the file back as it was.
 */
export function changeOneDocument(dir: string, count: number): { path: string; restore: () => void } {
  const path = documentPath(Math.floor(count / 2));
  const file = join(dir, path);
  const before = readFileSync(file, 'utf8');
  writeFileSync(file, `${before}\n## 미리보기 변경\n\n한 파일만 바꾼 풀 리퀘스트의 미리보기 빌드가 다시 만드는 문단입니다.\n`);
  return { path, restore: () => writeFileSync(file, before) };
}
