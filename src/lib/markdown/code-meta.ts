/** What the info string of a fenced code block asks for: ```` ```js title="app.js" {2-3} ins={5} del={6} ````. */
export interface CodeMeta {
  title: string | undefined;
  /** 1-based line numbers to highlight. */
  highlight: Set<number>;
  /** 1-based line numbers shown as added. */
  inserted: Set<number>;
  /** 1-based line numbers shown as removed. */
  deleted: Set<number>;
}

/** Longest range a `{a-b}` may span; larger ones are cut (a typo like {1-99999999} must not allocate forever). */
const MAX_RANGE = 10_000;

/** `2-3,5` → {2, 3, 5}; parts that are not numbers or ranges are ignored. */
export function parseLineRanges(text: string): Set<number> {
  const lines = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+))?\s*$/.exec(part);
    if (!m) continue;
    const from = Number(m[1]);
    const to = Math.min(Number(m[2] ?? m[1]), from + MAX_RANGE);
    for (let n = from; n <= to; n++) if (n > 0) lines.add(n);
  }
  return lines;
}

/** A file path as docs sets write it bare after the language (react.dev: ```` ```js src/App.js active ````): a name with an extension. */
const BARE_PATH = /^(?:\.{0,2}\/)?[\w@$+~-][\w@$+~.-]*(?:\/[\w@$+~.-]+)*\.[A-Za-z][\w]{0,9}$/;
/** A file tab in brackets: ```` ```js [vite.config.js] ```` (not react.dev's `[[1, 3, "x"]]` highlights). */
const BRACKET_TITLE = /(?:^|\s)\[([^[\]\n]{1,200})\](?=\s|$)/;

/** The title a meta gives: `title="…"`, else a bracketed `[name]`, else a bare file path as its first word. */
function titleOf(text: string): string | undefined {
  const named = /(?:^|\s)title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(text);
  if (named) return named[1] ?? named[2] ?? named[3];
  const bracket = BRACKET_TITLE.exec(text);
  if (bracket) return bracket[1]!.trim() || undefined;
  const first = text.trim().split(/\s+/)[0] ?? '';
  return BARE_PATH.test(first) ? first : undefined;
}

/** Parses the meta part of an info string (what follows the language), as Expressive Code, markdown-it generators and react.dev write it. */
export function parseCodeMeta(meta: string | null | undefined): CodeMeta {
  const text = meta ?? '';
  const ranges = (key: string) => [...text.matchAll(new RegExp(`(?:^|\\s)${key}=\\{([^}]*)\\}`, 'g'))].map((m) => m[1]!).join(',');
  // A bare `{…}` (markdown-it and MDX generators' line highlights) is one not preceded by `key=`.
  const bare = [...text.matchAll(/(?:^|\s)\{([^}]*)\}/g)].map((m) => m[1]!).join(',');
  return {
    title: titleOf(text),
    highlight: parseLineRanges([bare, ranges('mark')].filter(Boolean).join(',')),
    inserted: parseLineRanges(ranges('ins')),
    deleted: parseLineRanges(ranges('del')),
  };
}

/** How one line of a block is marked. */
export type LineMark = 'highlight' | 'inserted' | 'deleted' | undefined;

/** The mark of each line (1-based numbers, `count` lines); in a `diff` block, lines starting with + or - mark themselves. */
export function lineMarks(meta: CodeMeta, lines: readonly string[], lang: string | undefined): LineMark[] {
  return lines.map((line, i) => {
    const n = i + 1;
    if (meta.inserted.has(n) || (lang === 'diff' && line.startsWith('+'))) return 'inserted';
    if (meta.deleted.has(n) || (lang === 'diff' && line.startsWith('-'))) return 'deleted';
    return meta.highlight.has(n) ? 'highlight' : undefined;
  });
}
