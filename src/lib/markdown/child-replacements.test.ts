import { describe, expect, test } from 'vitest';
import { ChildReplacements } from './child-replacements.ts';

describe('ChildReplacements', () => {
  test('replaces and removes children by the index the walk saw, keeping the children array', () => {
    const parent = { children: ['a', 'b', 'c', 'd'] };
    const children = parent.children;
    const replacements = new ChildReplacements();
    replacements.set(parent, 1, ['b1', 'b2']);
    replacements.set(parent, 2, []);
    replacements.apply();
    expect(parent.children).toBe(children);
    expect(parent.children).toEqual(['a', 'b1', 'b2', 'd']);
  });

  test('parts that are the children of a later parent are rebuilt before they are taken in', () => {
    const root = { children: ['x', 'html', 'y'] };
    const reparsed = { children: ['p', 'inner html', 'q'] };
    const replacements = new ChildReplacements();
    replacements.set(root, 1, reparsed.children);
    replacements.set(reparsed, 1, ['r1', 'r2']);
    replacements.apply();
    expect(root.children).toEqual(['x', 'p', 'r1', 'r2', 'q', 'y']);
  });

  test('200,000 parts for one child, which overflowed the stack as splice arguments', () => {
    const parent = { children: ['a', 'b'] };
    const replacements = new ChildReplacements();
    replacements.set(
      parent,
      0,
      Array.from({ length: 200_000 }, (_, i) => i),
    );
    replacements.apply();
    expect(parent.children.length).toBe(200_001);
    expect(parent.children.at(-1)).toBe('b');
  });
});
