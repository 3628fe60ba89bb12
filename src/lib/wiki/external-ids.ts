import type { SourceDocument } from './document.ts';
import type { Problem } from './problems.ts';

/**
 * Two files with one `external_id` is an error naming both files (drafts included): remember_knowledge treats
 * an external_id as "this one document", so a second file with it would split the document silently.
 */
export function findDuplicateExternalIds(docs: readonly SourceDocument[]): Problem[] {
  const first = new Map<string, SourceDocument>();
  const problems: Problem[] = [];
  for (const d of docs) {
    const raw = d.extra.external_id;
    if (raw === undefined || raw === null || raw === '') continue;
    const key = String(raw);
    const prev = first.get(key);
    if (!prev) {
      first.set(key, d);
      continue;
    }
    problems.push({
      path: d.sourcePath,
      line: d.fieldLines.external_id ?? 1,
      field: 'external_id',
      message: `external_id "${key}"를 {see}에서도 쓰고 있습니다`,
      see: { path: prev.sourcePath, line: prev.fieldLines.external_id ?? 1 },
      hint: 'external_id는 문서마다 달라야 합니다 (remember_knowledge는 같은 external_id를 한 문서로 봅니다). 한쪽에서 지우거나 두 파일을 합치세요',
      severity: 'error',
    });
  }
  return problems;
}
