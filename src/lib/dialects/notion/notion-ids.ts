import type { SourceDocument } from '../../wiki/document.ts';
import { toSlug, type Slug } from '../../wiki/slug.ts';

/** The 32-hex page id Notion's Markdown export puts after every page and folder name (`회의록 0123…cdef.md`). */
const NOTION_SUFFIX = / [0-9a-f]{32}$/;

/** A file or folder name without Notion's page id (`회의록 0123…cdef` → `회의록`), any other name as it is. */
export function withoutNotionId(name: string): string {
  const ext = /\.(md|mdx|markdown)$/i.exec(name)?.[0] ?? '';
  const stem = name.slice(0, name.length - ext.length);
  const bare = stem.replace(NOTION_SUFFIX, '');
  return bare ? bare + ext : name;
}

/**
 * Ids of pages from a Notion export without the 32-hex page id in every segment (`팀-위키/온보딩`, not
 * `팀-위키-0123…cdef/온보딩-fedc…3210`), for a document whose id comes from its path. A shorter id is taken only when
 * no other document has it or would take it: of two pages named 회의록 in one folder, each keeps its own page id
 * (`팀-위키/회의록-1111…`), and only the folders lose theirs. Links resolve by path, so they are unchanged.
 */
export function shortenNotionIds(docs: readonly SourceDocument[]): SourceDocument[] {
  const candidates = new Map<SourceDocument, Slug[]>();
  for (const d of docs) {
    if (d.fieldLines.id !== undefined) continue;
    const parts = d.sourcePath.split('/');
    if (!parts.some((part) => withoutNotionId(part) !== part)) continue;
    const folders = parts.slice(0, -1).map(withoutNotionId);
    // Every page id gone, else the folders' only.
    candidates.set(d, [toSlug([...folders, withoutNotionId(parts[parts.length - 1]!)].join('/')), toSlug([...folders, parts[parts.length - 1]!].join('/'))]);
  }
  if (!candidates.size) return [...docs];
  const taken = new Set(docs.filter((d) => !candidates.has(d)).map((d) => d.id as string));
  const chosen = new Map<SourceDocument, Slug>();
  for (const round of [0, 1]) {
    const wanted = new Map<string, number>();
    for (const [d, ids] of candidates) if (!chosen.has(d)) wanted.set(ids[round]!, (wanted.get(ids[round]!) ?? 0) + 1);
    for (const [d, ids] of candidates) {
      const id = ids[round]!;
      if (chosen.has(d) || wanted.get(id) !== 1 || taken.has(id)) continue;
      chosen.set(d, id);
      taken.add(id);
    }
  }
  return docs.map((d) => {
    const id = chosen.get(d);
    return id ? { ...d, id } : d;
  });
}
