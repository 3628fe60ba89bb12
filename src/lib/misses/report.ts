import { normalizeQuery, WEAK_BEST_SCORE, type MissEntry } from './misses.ts';

/** A document title is "close" to a query at this character-bigram similarity or above. */
export const CLOSE_TITLE = 0.5;

/** The names a document is found by, for alias suggestions. */
export interface NamedDocument {
  id: string;
  title: string;
  aliases: readonly string[];
}

/** All misses of one normalised query. */
export interface MissGroup {
  key: string;
  /** The spelling used most often (latest on ties). */
  query: string;
  variants: string[];
  count: number;
  zeroResults: number;
  firstSeen: string;
  lastSeen: string;
  mcp: number;
  site: number;
  projects: string[];
}

/** A suggestion for one group: add it as an alias of a close document, or write the missing document. */
export type Suggestion = { kind: 'alias'; id: string; title: string; similarity: number } | { kind: 'document' };

/** Groups misses by normalised query, most frequent first (then most recent, then alphabetical). */
export function groupMisses(entries: readonly MissEntry[]): MissGroup[] {
  const byKey = new Map<string, { entries: MissEntry[] }>();
  for (const e of entries) {
    const key = normalizeQuery(e.query);
    if (!key) continue;
    const g = byKey.get(key) ?? { entries: [] };
    g.entries.push(e);
    byKey.set(key, g);
  }
  const groups = [...byKey].map(([key, { entries: list }]) => toGroup(key, list));
  return groups.sort((a, b) => b.count - a.count || (a.lastSeen < b.lastSeen ? 1 : a.lastSeen > b.lastSeen ? -1 : a.key < b.key ? -1 : 1));
}

function toGroup(key: string, list: readonly MissEntry[]): MissGroup {
  const sorted = [...list].sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
  const spellings = new Map<string, { n: number; last: string }>();
  for (const e of sorted) {
    const q = e.query.trim();
    spellings.set(q, { n: (spellings.get(q)?.n ?? 0) + 1, last: e.time });
  }
  const query = [...spellings].sort((a, b) => b[1].n - a[1].n || (a[1].last < b[1].last ? 1 : -1))[0]![0];
  const projects = [...new Set(sorted.flatMap((e) => (e.filters.project ? [e.filters.project] : [])))].sort();
  return {
    key,
    query,
    variants: [...spellings.keys()].filter((q) => q !== query),
    count: sorted.length,
    zeroResults: sorted.filter((e) => e.resultCount === 0).length,
    firstSeen: sorted[0]!.time,
    lastSeen: sorted[sorted.length - 1]!.time,
    mcp: sorted.filter((e) => e.source === 'mcp').length,
    site: sorted.filter((e) => e.source === 'site').length,
    projects,
  };
}

/** Dice coefficient of the character bigrams of two strings, spaces ignored (works for Korean without a tokenizer). */
export function bigramSimilarity(a: string, b: string): number {
  const grams = (s: string) => {
    const t = normalizeQuery(s).replace(/ /g, '');
    const out = new Map<string, number>();
    if (t.length === 1) out.set(t, 1);
    for (let i = 0; i + 1 < t.length; i++) out.set(t.slice(i, i + 2), (out.get(t.slice(i, i + 2)) ?? 0) + 1);
    return out;
  };
  const [x, y] = [grams(a), grams(b)];
  const size = (m: Map<string, number>) => [...m.values()].reduce((s, n) => s + n, 0);
  const total = size(x) + size(y);
  if (total === 0) return 0;
  let shared = 0;
  for (const [g, n] of x) shared += Math.min(n, y.get(g) ?? 0);
  return (2 * shared) / total;
}

/** The suggestion for a group: the document whose title or alias is closest, if close enough; else a new document. */
export function suggest(group: MissGroup, docs: readonly NamedDocument[]): Suggestion {
  let best: Suggestion & { kind: 'alias' } = { kind: 'alias', id: '', title: '', similarity: 0 };
  for (const d of docs) {
    const similarity = Math.max(...[d.title, ...d.aliases].map((name) => bigramSimilarity(group.query, name)));
    if (similarity > best.similarity || (similarity === best.similarity && d.id < best.id))
      best = { kind: 'alias', id: d.id, title: d.title, similarity: Math.round(similarity * 100) / 100 };
  }
  return best.similarity >= CLOSE_TITLE ? best : { kind: 'document' };
}

/** Options of the rendered report. */
export interface ReportOptions {
  /** Log lines that could not be read. */
  skipped: number;
  /** Whether document titles were available (no `--artifacts` means no alias suggestions). */
  haveDocuments: boolean;
}

/** The Korean Markdown report: what people looked for and did not find, and what to do about it. */
export function renderMissReport(entries: readonly MissEntry[], docs: readonly NamedDocument[], options: ReportOptions): string {
  const groups = groupMisses(entries);
  const out = ['# 검색 실패 리포트', ''];
  if (groups.length === 0) return [...out, '기록된 검색 실패가 없습니다.', ''].join('\n');
  const times = entries.map((e) => e.time).sort();
  const mcp = entries.filter((e) => e.source === 'mcp').length;
  out.push(`- 기간: ${day(times[0]!)} ~ ${day(times[times.length - 1]!)}`);
  out.push(`- 기록: ${entries.length}건 (MCP ${mcp}건, 사이트 ${entries.length - mcp}건), 질의 ${groups.length}종`);
  out.push(`- 기준: 결과가 없거나 가장 좋은 결과의 점수가 ${WEAK_BEST_SCORE} 미만인 검색`);
  if (options.skipped) out.push(`- 읽지 못한 줄: ${options.skipped}줄 (형식이 맞지 않아 건너뜀)`);
  out.push('', '## 찾지 못한 것', '', '| 질의 | 횟수 | 결과 없음 | 마지막 | 출처 | 제안 |', '| --- | --- | --- | --- | --- | --- |');
  const suggestions = groups.map((g) => (options.haveDocuments ? suggest(g, docs) : ({ kind: 'document' } as const)));
  groups.forEach((g, i) => {
    const s = suggestions[i]!;
    const idea = s.kind === 'alias' ? `\`${s.id}\`에 별칭 추가` : '새 문서';
    out.push(`| ${cell(g.query)} | ${g.count} | ${g.zeroResults} | ${day(g.lastSeen)} | ${sources(g)} | ${idea} |`);
  });
  const aliases = groups.flatMap((g, i) => (suggestions[i]!.kind === 'alias' ? [[g, suggestions[i]] as const] : []));
  const missing = groups.filter((_, i) => suggestions[i]!.kind === 'document');
  out.push('', '## 별칭 추가 제안', '');
  if (!options.haveDocuments) out.push('문서 목록 없이 만든 리포트라 별칭 제안이 없습니다. `--artifacts dist`를 주면 제목이 비슷한 문서를 찾습니다.');
  else if (aliases.length === 0) out.push('제목이 비슷한 문서가 없습니다.');
  for (const [g, s] of aliases) {
    if (s?.kind !== 'alias') continue;
    out.push(
      `- \`${s.id}\` (${s.title}, 제목 유사도 ${s.similarity.toFixed(2)}): frontmatter \`aliases\`에 "${g.query}"을(를) 추가하세요. ${g.count}회 검색됨${variants(g)}.`,
    );
  }
  out.push('', '## 새 문서 제안', '');
  if (missing.length === 0) out.push('모든 질의에 제목이 비슷한 문서가 있습니다.');
  for (const g of missing) {
    const where = g.projects.length ? `, 프로젝트 필터: ${g.projects.join(', ')}` : '';
    out.push(
      `- "${g.query}": ${g.count}회 검색됨, 마지막 ${day(g.lastSeen)}${where}${variants(g)}. 이 주제를 다루는 문서가 없으면 \`npm run new -- --title "${g.query}"\`로 만드세요.`,
    );
  }
  out.push('');
  return out.join('\n');
}

function sources(g: MissGroup): string {
  return [g.mcp ? `MCP ${g.mcp}` : '', g.site ? `사이트 ${g.site}` : ''].filter(Boolean).join(', ');
}

function variants(g: MissGroup): string {
  return g.variants.length ? ` (다른 표기: ${g.variants.map((v) => `"${v}"`).join(', ')})` : '';
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s+/g, ' ');
}

function day(iso: string): string {
  return iso.slice(0, 10);
}
