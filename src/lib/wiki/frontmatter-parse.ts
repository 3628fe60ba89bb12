import matter from 'gray-matter';
import { LineCounter, parseDocument, isMap, isScalar } from 'yaml';
import type { Problem } from './problems.ts';

/** A file split into frontmatter data and body, with line lookup for error reports. */
export interface SplitFile {
  data: Record<string, unknown>;
  body: string;
  /** Line number (1-based) in the file of the body's first line. */
  bodyLine: number;
  /** Line of a top-level frontmatter key, or 1 when unknown. */
  lineOf: (field: string) => number;
}

/** Splits a Markdown file into YAML frontmatter and body; YAML errors become problems. */
export function splitFrontmatter(path: string, text: string): { file?: SplitFile; problems: Problem[] } {
  const source = text.replace(/^\uFEFF/, '');
  const lineCounter = new LineCounter();
  let yamlDoc: ReturnType<typeof parseDocument> | undefined;
  let parsed: { data: Record<string, unknown>; content: string; matter: string };
  try {
    parsed = matter(source, {
      engines: {
        yaml: (s: string) => {
          yamlDoc = parseDocument(s, { lineCounter, prettyErrors: true, uniqueKeys: true });
          if (yamlDoc.errors.length) throw yamlDoc.errors[0]!;
          const js: unknown = yamlDoc.toJS();
          return (js ?? {}) as object;
        },
      },
    }) as unknown as typeof parsed;
  } catch (error) {
    const err = error as { linePos?: { line: number }[]; message?: string };
    // gray-matter hands over the YAML starting with the newline after `---`, so YAML lines are file lines.
    const line = err.linePos?.[0]?.line ?? 1;
    const reason = (err.message ?? String(error)).split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    return { problems: [{ path, line, field: 'frontmatter', message: `YAML 문법 오류입니다 (${reason})`, hint: '들여쓰기, 따옴표, 콜론(:) 뒤 공백을 확인하세요', severity: 'error' }] };
  }
  if (typeof parsed.data !== 'object' || Array.isArray(parsed.data)) {
    return { problems: [{ path, line: 2, field: 'frontmatter', message: 'frontmatter가 키-값 목록이 아닙니다', hint: '--- 사이에 "title: 제목" 같은 key: value 줄을 쓰세요', severity: 'error' }] };
  }
  const body = parsed.content;
  const bodyLine = source.slice(0, source.length - body.length).split('\n').length;
  const doc = yamlDoc;
  const lineOf = (field: string): number => {
    if (!doc || !isMap(doc.contents)) return 1;
    for (const item of doc.contents.items) {
      if (isScalar(item.key) && item.key.value === field && item.key.range) return lineCounter.linePos(item.key.range[0]).line;
    }
    return 1;
  };
  return { file: { data: { ...parsed.data }, body, bodyLine, lineOf }, problems: [] };
}
