import { graphemeEnd, graphemeStart } from '../../src/lib/markdown/graphemes.ts';

/** An opaque list cursor: the next offset, tied to the build it was issued for. */
export function encodeCursor(offset: number, buildId: string): string {
  return btoa(`${offset}:${buildId}`).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/** The offset a cursor points at, or an error that says how to recover. */
export function decodeCursor(cursor: string, buildId: string): { ok: true; offset: number } | { ok: false; error: string } {
  let raw: string;
  try {
    raw = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    raw = '';
  }
  const m = /^(\d+):(.+)$/.exec(raw);
  if (!m)
    return { ok: false, error: `cursor "${cursor.slice(0, 40)}" is not a cursor this server issued. Call again without cursor to start from the first page.` };
  if (m[2] !== buildId)
    return { ok: false, error: 'cursor belongs to an older build of the wiki, which has since been replaced. Call again without cursor to start over.' };
  return { ok: true, offset: Number(m[1]) };
}

/**
 * A window of `text` from `offset` of at most `max` chars, preferring to end at a line break; `next` is null at the end.
 * It never ends inside a grapheme (an emoji sequence, a flag, conjoining jamo), so the windows from offset 0 on, each
 * starting at the last one's `next`, add up to the text; only a grapheme longer than `max` makes a window longer.
 */
export function charWindow(text: string, offset: number, max: number): { text: string; next: number | null } {
  let end = Math.min(text.length, offset + max);
  if (end < text.length) {
    // Ending at a newline keeps Markdown blocks whole, unless that would give back more than a fifth of the window.
    const nl = text.lastIndexOf('\n', end - 1);
    if (nl >= offset + Math.floor(max * 0.8)) end = nl + 1;
    else end = graphemeStart(text, end);
    if (end <= offset) end = graphemeEnd(text, offset + 1);
  }
  return { text: text.slice(offset, end), next: end < text.length ? end : null };
}
