import { describe, expect, test } from 'vitest';
import { jsonDepthScanner } from './json-depth.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const scan = (limit: number, ...chunks: string[]) => {
  const scanner = jsonDepthScanner(limit);
  const ok = chunks.every((c) => scanner.push(bytes(c)));
  return [ok, scanner.deepest];
};

describe('jsonDepthScanner: how deeply JSON nests, read as it arrives', () => {
  test('an MCP call nests three levels and passes', () => {
    expect(scan(64, '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_knowledge","arguments":{"query":"[[{{"}}}')).toEqual([true, 3]);
  });

  test('65 levels of arrays are refused at 64, also when they arrive one byte per chunk', () => {
    expect(scan(64, '['.repeat(65))).toEqual([false, 65]);
    expect(scan(64, ...'['.repeat(65).split(''))).toEqual([false, 65]);
    expect(scan(64, `${'['.repeat(64)}${']'.repeat(64)}`)).toEqual([true, 64]);
  });

  test('brackets inside strings, escaped quotes included, do not count; a quote split across chunks still closes', () => {
    expect(scan(2, '["\\"[[[[", {"a":"}}}}\\\\"}]')).toEqual([true, 2]);
    expect(scan(2, '["\\', '"[[[["]')).toEqual([true, 1]);
  });

  test('closers beyond the openers (not JSON) never make the depth negative', () => {
    expect(scan(1, ']]]]', '[', '[')).toEqual([false, 2]);
  });
});
