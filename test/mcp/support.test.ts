import { describe, expect, test } from 'vitest';
import { closestIds, editDistance } from '../../mcp/support/closest.ts';
import { parseDateBound } from '../../mcp/support/dates.ts';
import { charWindow, decodeCursor, encodeCursor } from '../../mcp/support/paging.ts';
import { uriOf } from '../../mcp/tools/common.ts';

describe('closestIds', () => {
  const ids = ['deploy', 'pr-preview', 'search-tokenizer', 'search-overview', 'reference/react/usestate', 'learn/state-a-components-memory'];
  test.each([
    ['deplyo', ['deploy']],
    ['search-tokeniser', ['search-tokenizer', 'search-overview']],
    ['usestate', ['reference/react/usestate']],
    ['zzzzzzzzzzzzzzzz', []],
  ])('%s → %j', (wanted, expected) => {
    expect(closestIds(wanted, ids, 2)).toEqual(expected);
  });
  test('edit distance', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });
});

describe('parseDateBound', () => {
  test.each([
    ['2026-11-01', 'start', Date.parse('2026-11-01T00:00:00Z')],
    ['2026-11-01', 'end', Date.parse('2026-11-01T23:59:59.999Z')],
    ['2026-11-01T09:00:00+09:00', 'end', Date.parse('2026-11-01T00:00:00Z')],
  ] as const)('%s (%s)', (value, edge, ms) => {
    expect(parseDateBound('from', value, edge)).toEqual({ ok: true, ms });
  });
  test.each(['2026-02-30', '2026-13-01', '2026-02-30T00:00:00Z', '2026-04-31T09:00:00+09:00', 'yesterday', '11/01/2026', ''])(
    '%j is refused with the accepted forms',
    (value) => {
      expect(parseDateBound('from', value, 'start')).toEqual({
        ok: false,
        error: `from: "${value}" is not a date. Use YYYY-MM-DD (e.g. 2026-11-01) or an ISO 8601 date-time (e.g. 2026-11-01T09:00:00Z).`,
      });
    },
  );
});

describe('cursors', () => {
  test('round trip, and refusal for garbage or another build', () => {
    expect(decodeCursor(encodeCursor(40, 'abc123'), 'abc123')).toEqual({ ok: true, offset: 40 });
    expect(decodeCursor(encodeCursor(40, 'abc123'), 'def456')).toEqual({
      ok: false,
      error: 'cursor belongs to an older build of the wiki, which has since been replaced. Call again without cursor to start over.',
    });
    expect(decodeCursor('!!!', 'abc123').ok).toBe(false);
  });
});

describe('charWindow', () => {
  test('prefers a line end near the window end, and pages add up', () => {
    const text = `${'a'.repeat(90)}\n${'b'.repeat(50)}`;
    expect(charWindow(text, 0, 100)).toEqual({ text: `${'a'.repeat(90)}\n`, next: 91 });
    expect(charWindow(text, 91, 100)).toEqual({ text: 'b'.repeat(50), next: null });
  });
  test('never splits a surrogate pair', () => {
    expect(charWindow('ab😀cd', 0, 3)).toEqual({ text: 'ab', next: 2 });
  });
  test('never splits an emoji ZWJ sequence, a flag, conjoining jamo or a combining sequence', () => {
    expect(charWindow('ab👨‍👩‍👧cd', 0, 6)).toEqual({ text: 'ab', next: 2 });
    expect(charWindow('ab👨‍👩‍👧cd', 2, 6)).toEqual({ text: '👨‍👩‍👧', next: 10 });
    expect(charWindow('x🇰🇷🇯🇵', 0, 4)).toEqual({ text: 'x', next: 1 });
    expect(charWindow('\u1100\u1161\u11A8\u1100\u1161', 0, 2)).toEqual({ text: '\u1100\u1161\u11A8', next: 3 });
    expect(charWindow('cafe\u0301!', 0, 4)).toEqual({ text: 'caf', next: 3 });
  });
  test.each([3, 5, 7, 11, 13])('windows of %i chained from offset 0 add up to the text, each ending on a grapheme boundary', (max) => {
    const text = 'a👨‍👩‍👧 🇰🇷🇯🇵\u1100\u1161\u11A8e\u0301\r\n한글 👍🏽 '.repeat(7);
    const boundaries = new Set([...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].map((s) => s.index));
    let joined = '';
    for (let offset: number | null = 0; offset !== null;) {
      const page: { text: string; next: number | null } = charWindow(text, offset, max);
      expect(page.next === null || boundaries.has(page.next)).toBe(true);
      joined += page.text;
      offset = page.next;
    }
    expect(joined).toBe(text);
  });
});

test('uriOf keeps slashes and encodes the rest', () => {
  expect(uriOf('reference/react/usestate')).toBe('knowledge://documents/reference/react/usestate');
  expect(uriOf('한글 문서')).toBe('knowledge://documents/%ED%95%9C%EA%B8%80%20%EB%AC%B8%EC%84%9C');
});
