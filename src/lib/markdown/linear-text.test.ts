import { expect, test } from 'vitest';
import { mergeDataRuns } from './linear-text.ts';

type Event = Parameters<typeof mergeDataRuns>[0][number];
type Token = Event[1];
const point = (offset: number) => ({ line: 1, column: offset + 1, offset, _index: 0, _bufferIndex: offset });
const token = (type: string, from: number, to: number): Token => ({ type, start: point(from), end: point(to) });
const pair = (t: Token): Event[] => [
  ['enter', t, {}],
  ['exit', t, {}],
];

test("adjacent data events become their first token stretched to the run's end; other events stay as they were", () => {
  const a = token('data', 0, 3);
  const b = token('data', 3, 4);
  const c = token('data', 4, 8);
  const ending = token('lineEnding', 8, 9);
  const d = token('data', 9, 12);
  const events = [...pair(a), ...pair(b), ...pair(c), ...pair(ending), ...pair(d)];
  const merged = mergeDataRuns(events);
  expect(merged.map(([kind, t]) => `${kind} ${t.type} ${t.start.offset}-${t.end.offset}`)).toEqual([
    'enter data 0-8',
    'exit data 0-8',
    'enter lineEnding 8-9',
    'exit lineEnding 8-9',
    'enter data 9-12',
    'exit data 9-12',
  ]);
});

test('events without a run are returned as they are', () => {
  const events = [...pair(token('data', 0, 3)), ...pair(token('lineEnding', 3, 4))];
  expect(mergeDataRuns(events)).toBe(events);
});
