import { describe, expect, test } from 'vitest';
import { keptScanners, type Engine } from './shiki-kept-scanners.ts';

/** An engine whose scanners answer with their patterns, counting compilations and disposals. */
function countingEngine() {
  const counts = { compiled: 0, disposed: 0 };
  const engine: Engine = {
    createScanner(patterns) {
      counts.compiled++;
      const sources = patterns.map(String);
      return { findNextMatchSync: (text, start) => `${sources.join('|')} @${start} in ${String(text)}`, dispose: () => void counts.disposed++ };
    },
    createString: (text) => `<${text}>`,
  };
  return { engine, counts };
}

describe('keptScanners', () => {
  test('a pattern list compiled once answers every scanner made of it, also after the grammar disposed one', () => {
    const { engine, counts } = countingEngine();
    const kept = keptScanners(engine);
    const div = kept.createScanner(['<', '</div>']);
    const span = kept.createScanner(['<', '</span>']);
    div.dispose?.();
    const again = kept.createScanner(['<', '</div>']);
    expect(again.findNextMatchSync('x', 3)).toBe('<|</div> @3 in x');
    expect(div.findNextMatchSync('y', 0)).toBe('<|</div> @0 in y');
    expect(span.findNextMatchSync('z', 1)).toBe('<|</span> @1 in z');
    expect(counts).toEqual({ compiled: 2, disposed: 0 });
    expect(kept.createString('s')).toBe('<s>');
  });

  test('past the limit the first list compiled is disposed, and compiled again when a scanner of it is used', () => {
    const { engine, counts } = countingEngine();
    const kept = keptScanners(engine, 2);
    const a = kept.createScanner(['a']);
    kept.createScanner(['b']);
    kept.createScanner(['c']);
    expect(counts).toEqual({ compiled: 3, disposed: 1 });
    expect(a.findNextMatchSync('t', 0)).toBe('a @0 in t');
    expect(counts).toEqual({ compiled: 4, disposed: 2 });
  });
});
