/** The marker that lets the workflow find and update its own comment instead of adding another. */
export const PR_COMMENT_MARKER = '<!-- maru-pr-preview -->';

/** What `npm run check -- --json` reports, as far as the comment needs it. */
export interface CheckSummary {
  documents: number;
  errors: number;
  warnings: number;
  problems: { path: string; line: number; field: string; message: string; hint: string; severity: 'error' | 'warning' }[];
}

/** Problems listed in the comment before it says "and N more". */
const LISTED = 20;

/** The one pull-request comment: preview link (or where to download it), check summary, knowledge diff. */
export function prComment(input: { previewUrl?: string | undefined; artifactUrl?: string | undefined; check: CheckSummary; diffMarkdown: string }): string {
  const { check } = input;
  const lines = [PR_COMMENT_MARKER, '## Maru 미리보기', ''];
  if (input.previewUrl) lines.push(`미리보기: ${input.previewUrl}`);
  else
    lines.push(
      `미리보기 사이트를 게시하지 못했습니다 (fork에서 온 PR). 빌드 결과는 ${input.artifactUrl ?? '이 워크플로 실행의 artifact'}에서 내려받을 수 있습니다.`,
    );
  const status = check.errors ? `❌ 오류 ${check.errors}개` : '✅ 오류 없음';
  lines.push('', `### 문서 검사: ${status}, 경고 ${check.warnings}개 (문서 ${check.documents}개)`, '');
  const listed = [...check.problems.filter((p) => p.severity === 'error'), ...check.problems.filter((p) => p.severity === 'warning')];
  for (const p of listed.slice(0, LISTED))
    lines.push(`- ${p.severity === 'error' ? '오류' : '경고'} \`${p.path}:${p.line}\` ${p.field}: ${p.message}. ${p.hint}.`);
  if (listed.length > LISTED) lines.push(`- … 외 ${listed.length - LISTED}개 (\`npm run check\`로 전부 확인)`);
  lines.push('', input.diffMarkdown.trim(), '');
  return lines.join('\n');
}
