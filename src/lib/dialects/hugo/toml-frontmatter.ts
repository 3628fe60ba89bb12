import { parse as parseToml, TomlDate, TomlError } from 'smol-toml';
import type { FrontmatterFormat } from '../types.ts';
import { TOML_FENCE } from './text.ts';

/** The deepest nesting a TOML frontmatter may have: deeper is no page's metadata, and the parser recurses per level. */
const TOML_MAX_DEPTH = 32;

/**
 * Hugo's TOML frontmatter between `+++` lines, parsed as data by smol-toml (no code runs). Dates become the strings
 * TOML wrote (`2024-01-01`, `2024-01-01T10:00:00+09:00`), which the date fields read like YAML's; a key's line is found
 * among the top-level `key = …` lines.
 */
export const tomlFrontmatter: FrontmatterFormat = {
  fence: TOML_FENCE,
  unclosed: { message: 'frontmatter를 닫는 +++ 줄이 없습니다', hint: 'frontmatter 끝에 +++ 한 줄을 쓰세요' },
  parse(inner) {
    let data: unknown;
    try {
      data = parseToml(inner.join('\n'), { maxDepth: TOML_MAX_DEPTH });
    } catch (error) {
      if (!(error instanceof TomlError) && !(error instanceof RangeError)) throw error;
      const line = error instanceof TomlError ? error.line + 1 : 1;
      const reason = error.message.split('\n')[0]!.replace(/^Invalid TOML document: /, '');
      return {
        error: {
          line,
          message: `TOML 문법 오류입니다 (${reason})`,
          hint: '따옴표, 등호(=), 대괄호를 확인하세요. 문자열은 title = "제목"처럼 따옴표로 감쌉니다',
        },
      };
    }
    const keyLines = new Map<string, number>();
    for (const [i, line] of inner.entries()) {
      // Keys after the first [table] header belong to that table.
      if (/^\s*\[/.test(line)) break;
      const key = /^\s*(?:"([^"]+)"|'([^']+)'|([\w-]+))\s*=/.exec(line);
      const name = key && (key[1] ?? key[2] ?? key[3]);
      if (name && !keyLines.has(name)) keyLines.set(name, i + 2);
    }
    return { data: { ...(plainToml(data) as Record<string, unknown>) }, lineOf: (field) => keyLines.get(field) ?? 1 };
  },
};

/** TOML data as YAML would give it: dates as the text TOML wrote, tables as plain objects. */
function plainToml(value: unknown): unknown {
  if (value instanceof TomlDate) return value.toISOString();
  if (Array.isArray(value)) return value.map(plainToml);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plainToml(v)]));
  return value;
}
