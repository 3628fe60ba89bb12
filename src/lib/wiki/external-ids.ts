import type { SourceDocument } from './document.ts';
import type { Problem } from './problems.ts';

/** What makes two documents clash: the frontmatter field, its value per document (undefined: not set), and the fix. */
interface UniqueField {
  field: 'id' | 'external_id';
  keyOf: (doc: SourceDocument) => string | undefined;
  hint: string;
}

/** One error per document whose `field` repeats an earlier document's, naming both files and lines (drafts included). */
export function findDuplicates(docs: readonly SourceDocument[], { field, keyOf, hint }: UniqueField): Problem[] {
  const first = new Map<string, SourceDocument>();
  const problems: Problem[] = [];
  for (const d of docs) {
    const key = keyOf(d);
    if (key === undefined) continue;
    const prev = first.get(key);
    if (!prev) {
      first.set(key, d);
      continue;
    }
    problems.push({
      path: d.sourcePath,
      line: d.fieldLines[field] ?? 1,
      field,
      message: `${field} "${key}"를 {see}에서도 쓰고 있습니다`,
      see: { path: prev.sourcePath, line: prev.fieldLines[field] ?? 1 },
      hint,
      severity: 'error',
    });
  }
  return problems;
}

/**
 * Two files with one `external_id` is an error naming both files (drafts included): remember_knowledge treats
 * an external_id as "this one document", so a second file with it would split the document silently.
 */
export function findDuplicateExternalIds(docs: readonly SourceDocument[]): Problem[] {
  return findDuplicates(docs, {
    field: 'external_id',
    keyOf: (d) => {
      const raw = d.extra.external_id;
      if (raw === undefined || raw === null || raw === '') return undefined;
      // Numbers and booleans spell as written; a list or mapping compares by its content, not as '[object Object]'.
      return typeof raw === 'string' ? raw : JSON.stringify(raw);
    },
    hint: 'external_id는 문서마다 달라야 합니다 (remember_knowledge는 같은 external_id를 한 문서로 봅니다). 한쪽에서 지우거나 두 파일을 합치세요',
  });
}
