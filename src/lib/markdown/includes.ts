import { mapFencedLines } from './fenced-lines.ts';

/** A line that asks another tool to paste a file's text in its place, which Maru does not do. */
export interface IncludeLine {
  /** Line in the Markdown given, from 1. */
  line: number;
  /** The file as written. */
  path: string;
  /** The tool whose syntax it is. */
  tool: string;
}

/**
 * Each tool's include line, alone on its line. mdBook's is mostly written inside a code block (the block then shows
 * the file), so it is read there too; the others only outside code, where docs about them show them as examples.
 * Anchored, with no two repeats that can take the same characters, so a long line costs one pass.
 */
const FORMS: readonly { tool: string; pattern: RegExp; inCode: boolean }[] = [
  { tool: 'VitePress', pattern: /^\s*<!--\s*@include:\s*([^\s{#>]+)[^>]*-->\s*$/, inCode: false },
  { tool: 'mdBook', pattern: /^\s*\{\{#(?:include|rustdoc_include)\s+([^\s}:]+)[^}]*\}\}\s*$/, inCode: true },
  { tool: 'GitBook', pattern: /^\s*\{%\s*include\s+["']([^"'\n]+\.md)["']\s*%\}\s*$/, inCode: false },
  { tool: 'Jekyll', pattern: /^\s*\{%\s*include_relative\s+([^\s%]+)\s*%\}\s*$/, inCode: false },
  { tool: 'MkDocs', pattern: /^\s*-+8<-+\s+["']([^"'\n]+)["']\s*$/, inCode: false },
];
/** Longer lines are no include line anyone wrote; untrusted text must not cost more for being long. */
const MAX_LINE = 1000;

/** The include lines of a Markdown text (VitePress, mdBook, GitBook, Jekyll `include_relative`, MkDocs snippets). */
export function includeLines(markdown: string): IncludeLine[] {
  if (!/@include|\{\{#|include|8<-/.test(markdown)) return [];
  const found: IncludeLine[] = [];
  let line = 0;
  mapFencedLines(markdown, (text, code) => {
    line++;
    if (text.length > MAX_LINE) return text;
    for (const { tool, pattern, inCode } of FORMS) {
      if (code && !inCode) continue;
      const m = pattern.exec(text);
      if (m) {
        found.push({ line, path: m[1]!, tool });
        break;
      }
    }
    return text;
  });
  return found;
}
