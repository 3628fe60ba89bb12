/** One thing wrong with the content, located precisely enough to fix without searching. */
export interface Problem {
  /** Content path relative to the content root (as the user sees it in the repository). */
  path: string;
  line: number;
  /** The frontmatter field, or `file` / `link` / `related` for non-field problems. */
  field: string;
  /** What is wrong, in Korean, naming the value. */
  message: string;
  /** How to fix it, in Korean. */
  hint: string;
  severity: 'error' | 'warning';
  /** Another place involved (the other file of a duplicate id); replaces `{see}` in the message. */
  see?: { path: string; line: number };
}

/** Formats one problem as `path:line field: what is wrong. how to fix it.` */
export function formatProblem(p: Problem, root = ''): string {
  return `${joinRoot(root, p.path)}:${p.line} ${p.field}: ${problemMessage(p, root)}. ${p.hint}.`;
}

/** The message with the other place (if any) written out relative to `root`. */
export function problemMessage(p: Problem, root = ''): string {
  return p.see ? p.message.replace('{see}', `${joinRoot(root, p.see.path)}:${p.see.line}`) : p.message;
}

/** Sorts problems by file, then line, then field, so reports are stable. */
export function sortProblems(problems: readonly Problem[]): Problem[] {
  return [...problems].sort((a, b) => a.path.localeCompare(b.path) || a.line - b.line || a.field.localeCompare(b.field) || a.message.localeCompare(b.message));
}

/** The whole build-failure report: a one-line summary, then every error on its own line. */
export function formatReport(problems: readonly Problem[], root: string): string {
  const errors = sortProblems(problems.filter((p) => p.severity === 'error'));
  const files = new Set(errors.map((p) => p.path)).size;
  const lines = errors.map((p) => formatProblem(p, root));
  return [`위키 문서에 오류 ${errors.length}개가 있습니다 (파일 ${files}개). 모두 고친 뒤 다시 빌드하세요.`, ...lines, ...linkPolicyHints(errors)].join('\n');
}

/** How to build anyway when links are what fails: the switch to turn them into warnings, named exactly. */
export function linkPolicyHints(errors: readonly Problem[]): string[] {
  const hints: string[] = [];
  if (errors.some((p) => p.field === 'link')) {
    hints.push(
      "깨진 링크를 경고로만 보고 빌드하려면 MARU_BROKEN_LINKS=warn 으로 실행하거나 maru.config.ts에 brokenLinks: 'warn'을 쓰세요 (경고는 npm run check에 나옵니다).",
    );
  }
  if (errors.some((p) => p.field === 'anchor')) {
    hints.push("없는 제목 anchor를 경고로만 보고 빌드하려면 MARU_BROKEN_ANCHORS=warn 으로 실행하거나 maru.config.ts에 brokenAnchors: 'warn'을 쓰세요.");
  }
  return hints;
}

function joinRoot(root: string, path: string): string {
  const r = root.replace(/\\/g, '/').replace(/\/+$/, '');
  return r && r !== '.' ? `${r}/${path}` : path;
}

/** Describes a YAML value in Korean for error messages: `"a, b"`, `숫자 3`, `목록`. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return '빈 값';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return `숫자 ${value}`;
  if (typeof value === 'boolean') return `${value}`;
  if (Array.isArray(value)) return `목록 ${JSON.stringify(value)}`;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return '객체';
}

/**
 * One line counting problems by severity and field, most frequent first: `종류별: 오류 link 9 · 경고 summary 38,
 * updated_at 38, anchor 13`.
 */
export function problemTally(problems: readonly Problem[]): string {
  const part = (severity: Problem['severity'], label: string) => {
    const counts = new Map<string, number>();
    for (const p of problems) if (p.severity === severity) counts.set(p.field, (counts.get(p.field) ?? 0) + 1);
    const sorted = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    return sorted.length ? `${label} ${sorted.map(([field, n]) => `${field} ${n}`).join(', ')}` : undefined;
  };
  return `종류별: ${[part('error', '오류'), part('warning', '경고')].filter(Boolean).join(' · ')}`;
}
