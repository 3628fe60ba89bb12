import type { Catalog, CatalogEntry } from '../artifacts/schema.ts';

/** How one document changed between two builds. */
export interface DocumentChange {
  id: string;
  title: string;
  url: string;
  titleFrom?: string;
  categoryFrom?: string;
  category?: string;
  tagsAdded: string[];
  tagsRemoved: string[];
  sectionsAdded: string[];
  sectionsRemoved: string[];
  /** The body changed (by hash) without any of the above. */
  bodyChanged: boolean;
}

/** A knowledge diff between two catalogs: what a reviewer needs to know about a pull request. */
export interface KnowledgeDiff {
  added: { id: string; title: string; url: string; project: string; category: string }[];
  removed: { id: string; title: string; sourcePath: string }[];
  moved: { id: string; title: string; url: string; from: string; to: string }[];
  changed: DocumentChange[];
}

/** Compares two catalogs by document id. */
export function diffCatalogs(base: Catalog, head: Catalog): KnowledgeDiff {
  const before = new Map(base.documents.map((d) => [d.id, d]));
  const after = new Map(head.documents.map((d) => [d.id, d]));
  const diff: KnowledgeDiff = { added: [], removed: [], moved: [], changed: [] };
  for (const d of head.documents) {
    const old = before.get(d.id);
    if (!old) {
      diff.added.push({ id: d.id, title: d.title, url: d.url, project: d.project, category: d.category });
      continue;
    }
    if (old.sourcePath !== d.sourcePath) diff.moved.push({ id: d.id, title: d.title, url: d.url, from: old.sourcePath, to: d.sourcePath });
    const change = compare(old, d);
    if (change) diff.changed.push(change);
  }
  for (const d of base.documents) if (!after.has(d.id)) diff.removed.push({ id: d.id, title: d.title, sourcePath: d.sourcePath });
  return diff;
}

function compare(old: CatalogEntry, d: CatalogEntry): DocumentChange | undefined {
  const minus = (a: string[], b: string[]) => a.filter((x) => !b.includes(x));
  const sections = (e: CatalogEntry) => e.headings.filter((h) => h.depth <= 3).map((h) => h.text);
  const change: DocumentChange = {
    id: d.id,
    title: d.title,
    url: d.url,
    ...(old.title !== d.title ? { titleFrom: old.title } : {}),
    ...(old.category !== d.category ? { categoryFrom: old.category, category: d.category } : {}),
    tagsAdded: minus(d.tags, old.tags),
    tagsRemoved: minus(old.tags, d.tags),
    sectionsAdded: minus(sections(d), sections(old)),
    sectionsRemoved: minus(sections(old), sections(d)),
    bodyChanged: false,
  };
  const structural =
    change.titleFrom !== undefined ||
    change.categoryFrom !== undefined ||
    change.tagsAdded.length + change.tagsRemoved.length + change.sectionsAdded.length + change.sectionsRemoved.length > 0;
  const contentChanged = old.sha256 !== d.sha256 && stripPathFields(old) !== stripPathFields(d);
  if (!structural && !contentChanged) return undefined;
  return { ...change, bodyChanged: !structural && contentChanged };
}

/** The hash also covers the source path and url; a pure move is reported as moved, not changed. */
function stripPathFields(e: CatalogEntry): string {
  return `${e.wordCount}:${e.headings.map((h) => h.anchor).join('|')}:${e.summary}:${e.updatedAt}`;
}

const quote = (s: string) => `"${s}"`;

/** The diff as Markdown for a pull-request comment (Korean). */
export function diffToMarkdown(diff: KnowledgeDiff): string {
  const n = [diff.added.length, diff.removed.length, diff.moved.length, diff.changed.length];
  const lines = ['### 위키 변경 요약', ''];
  if (n.every((x) => x === 0)) return [...lines, '문서 변경이 없습니다.', ''].join('\n');
  lines.push(`추가 ${n[0]} · 삭제 ${n[1]} · 경로 변경 ${n[2]} · 수정 ${n[3]}`, '');
  if (diff.added.length) {
    lines.push('#### 추가된 문서', '', ...diff.added.map((d) => `- [${d.title}](${d.url}) \`${d.id}\` (${d.project} · ${d.category})`), '');
  }
  if (diff.removed.length) lines.push('#### 삭제된 문서', '', ...diff.removed.map((d) => `- ${d.title} \`${d.id}\` (${d.sourcePath})`), '');
  if (diff.moved.length)
    lines.push('#### 경로가 바뀐 문서', '', ...diff.moved.map((d) => `- [${d.title}](${d.url}) \`${d.id}\`: \`${d.from}\` → \`${d.to}\``), '');
  if (diff.changed.length) {
    lines.push('#### 수정된 문서', '');
    for (const c of diff.changed) {
      lines.push(`- [${c.title}](${c.url}) \`${c.id}\``);
      if (c.titleFrom !== undefined) lines.push(`  - 제목: ${quote(c.titleFrom)} → ${quote(c.title)}`);
      if (c.categoryFrom !== undefined) lines.push(`  - 분류: ${c.categoryFrom} → ${c.category}`);
      if (c.tagsAdded.length || c.tagsRemoved.length)
        lines.push(`  - 태그: ${[...c.tagsAdded.map((t) => `+${t}`), ...c.tagsRemoved.map((t) => `−${t}`)].join(' ')}`);
      if (c.sectionsAdded.length) lines.push(`  - 섹션 추가: ${c.sectionsAdded.map(quote).join(', ')}`);
      if (c.sectionsRemoved.length) lines.push(`  - 섹션 삭제: ${c.sectionsRemoved.map(quote).join(', ')}`);
      if (c.bodyChanged) lines.push('  - 본문 수정');
    }
    lines.push('');
  }
  return lines.join('\n');
}
