import { LineCounter, parseDocument, isMap, isScalar, visit, type Document } from 'yaml';
import { frontmatterFormats } from '../dialects/registry.ts';
import type { FrontmatterFormat } from '../dialects/types.ts';
import { FENCE, LANGUAGE_FENCE, normalizeText } from './frontmatter-fence.ts';
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

/**
 * Splits a Markdown file into frontmatter and body: `---` + YAML, parsed as data by the `yaml` package, or a dialect's
 * format (`frontmatterFormats`: TOML between `+++` lines); no code in a file ever runs. Other openers (`---js`) and syntax errors become problems.
 */
export function splitFrontmatter(path: string, text: string): { file?: SplitFile; problems: Problem[] } {
  const lines = normalizeText(text).split('\n');
  const first = lines[0] ?? '';
  const fail = (line: number, message: string, hint: string) => ({
    problems: [{ path, line, field: 'frontmatter', message, hint, severity: 'error' as const }],
  });
  const format = frontmatterFormats().find((f) => f.fence.test(first));
  if (format) return splitFormat(lines, format, fail);
  const language = LANGUAGE_FENCE.exec(first)?.[1];
  if (language)
    return fail(
      1,
      `frontmatter 언어 ${language}는 지원하지 않습니다`,
      '첫 줄을 ---로 쓰고 그 아래를 YAML로 쓰세요 (Maru는 frontmatter를 데이터로만 읽고 코드를 실행하지 않습니다)',
    );
  if (!FENCE.test(first)) return { file: { data: {}, body: lines.join('\n'), bodyLine: 1, lineOf: () => 1 }, problems: [] };
  const close = lines.findIndex((l, i) => i > 0 && FENCE.test(l));
  if (close < 0) return fail(1, 'frontmatter를 닫는 --- 줄이 없습니다', 'frontmatter 끝에 --- 한 줄을 쓰세요');
  // A leading newline stands for the opening fence, so YAML line numbers are file line numbers.
  const lineCounter = new LineCounter();
  const doc = parseDocument(`\n${lines.slice(1, close).join('\n')}`, { lineCounter, prettyErrors: true, uniqueKeys: true });
  const error = doc.errors[0];
  if (error) {
    const reason = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    return fail(error.linePos?.[0]?.line ?? 1, `YAML 문법 오류입니다 (${reason})`, '들여쓰기, 따옴표, 콜론(:) 뒤 공백을 확인하세요');
  }
  const data = toData(doc);
  if (data instanceof Error) {
    // yaml refuses aliases that expand past its limit (a "billion laughs" file) only while converting to data.
    const line = lineCounter.linePos(firstAliasOffset(doc)).line;
    return fail(line, `YAML 별칭(*)이 너무 많이 펼쳐집니다 (${data.message.replace(/\.$/, '')})`, '&앵커와 *별칭 대신 값을 직접 쓰세요');
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return fail(2, 'frontmatter가 키-값 목록이 아닙니다', '--- 사이에 "title: 제목" 같은 key: value 줄을 쓰세요');
  }
  const lineOf = (field: string): number => {
    if (!isMap(doc.contents)) return 1;
    for (const item of doc.contents.items) {
      if (isScalar(item.key) && item.key.value === field && item.key.range) return lineCounter.linePos(item.key.range[0]).line;
    }
    return 1;
  };
  return { file: { data: { ...(data as Record<string, unknown>) }, body: lines.slice(close + 1).join('\n'), bodyLine: close + 2, lineOf }, problems: [] };
}

type Fail = (line: number, message: string, hint: string) => { problems: Problem[] };

/** A dialect's frontmatter between its fence lines, read by the dialect's parser; an unclosed block or a syntax error is a problem. */
function splitFormat(lines: string[], format: FrontmatterFormat, fail: Fail): { file?: SplitFile; problems: Problem[] } {
  const close = lines.findIndex((l, i) => i > 0 && format.fence.test(l));
  if (close < 0) return fail(1, format.unclosed.message, format.unclosed.hint);
  const read = format.parse(lines.slice(1, close));
  if ('error' in read) return fail(read.error.line, read.error.message, read.error.hint);
  return { file: { data: read.data, body: lines.slice(close + 1).join('\n'), bodyLine: close + 2, lineOf: read.lineOf }, problems: [] };
}

/** The document as plain data, or the error `yaml` throws when aliases would expand it beyond its limit. */
function toData(doc: Document): unknown {
  try {
    return doc.toJS() ?? {};
  } catch (error) {
    if (error instanceof ReferenceError) return error;
    throw error;
  }
}

/** Offset of the first `*alias` in the document, or 0 when there is none. */
function firstAliasOffset(doc: Document): number {
  let offset = 0;
  visit(doc, {
    Alias(_key, node) {
      offset = node.range?.[0] ?? 0;
      return visit.BREAK;
    },
  });
  return offset;
}
