import { parse as parseToml, TomlDate, TomlError } from 'smol-toml';
import { LineCounter, parseDocument, isMap, isScalar, visit, type Document } from 'yaml';
import { FENCE, LANGUAGE_FENCE, TOML_FENCE, normalizeText } from './frontmatter-fence.ts';
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
 * Splits a Markdown file into frontmatter and body: `---` + YAML, parsed as data by the `yaml` package, or Hugo's `+++`
 * + TOML, parsed by smol-toml; no code in a file ever runs. Other openers (`---js`) and syntax errors become problems.
 */
export function splitFrontmatter(path: string, text: string): { file?: SplitFile; problems: Problem[] } {
  const lines = normalizeText(text).split('\n');
  const first = lines[0] ?? '';
  const fail = (line: number, message: string, hint: string) => ({
    problems: [{ path, line, field: 'frontmatter', message, hint, severity: 'error' as const }],
  });
  if (TOML_FENCE.test(first)) return splitToml(lines, fail);
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

/** The deepest nesting a TOML frontmatter may have: deeper is no page's metadata, and the parser recurses per level. */
const TOML_MAX_DEPTH = 32;

type Fail = (line: number, message: string, hint: string) => { problems: Problem[] };

/**
 * Hugo's TOML frontmatter between `+++` lines, parsed as data by smol-toml (no code runs). Dates become the strings
 * TOML wrote (`2024-01-01`, `2024-01-01T10:00:00+09:00`), which the date fields read like YAML's; a key's line is found
 * among the top-level `key = …` lines.
 */
function splitToml(lines: string[], fail: Fail): { file?: SplitFile; problems: Problem[] } {
  const close = lines.findIndex((l, i) => i > 0 && TOML_FENCE.test(l));
  if (close < 0) return fail(1, 'frontmatter를 닫는 +++ 줄이 없습니다', 'frontmatter 끝에 +++ 한 줄을 쓰세요');
  const inner = lines.slice(1, close);
  let data: unknown;
  try {
    data = parseToml(inner.join('\n'), { maxDepth: TOML_MAX_DEPTH });
  } catch (error) {
    if (!(error instanceof TomlError) && !(error instanceof RangeError)) throw error;
    const line = error instanceof TomlError ? error.line + 1 : 1;
    const reason = error.message.split('\n')[0]!.replace(/^Invalid TOML document: /, '');
    return fail(line, `TOML 문법 오류입니다 (${reason})`, '따옴표, 등호(=), 대괄호를 확인하세요. 문자열은 title = "제목"처럼 따옴표로 감쌉니다');
  }
  const keyLines = new Map<string, number>();
  for (const [i, line] of inner.entries()) {
    // Keys after the first [table] header belong to that table.
    if (/^\s*\[/.test(line)) break;
    const key = /^\s*(?:"([^"]+)"|'([^']+)'|([\w-]+))\s*=/.exec(line);
    const name = key && (key[1] ?? key[2] ?? key[3]);
    if (name && !keyLines.has(name)) keyLines.set(name, i + 2);
  }
  return {
    file: {
      data: { ...(plainToml(data) as Record<string, unknown>) },
      body: lines.slice(close + 1).join('\n'),
      bodyLine: close + 2,
      lineOf: (field) => keyLines.get(field) ?? 1,
    },
    problems: [],
  };
}

/** TOML data as YAML would give it: dates as the text TOML wrote, tables as plain objects. */
function plainToml(value: unknown): unknown {
  if (value instanceof TomlDate) return value.toISOString();
  if (Array.isArray(value)) return value.map(plainToml);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plainToml(v)]));
  return value;
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
