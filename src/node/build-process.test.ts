import { describe, expect, test } from 'vitest';
import { BUILD_NODE_OPTIONS, buildEnv } from './build-process.ts';

describe('buildEnv', () => {
  test('gives the build its young-generation size and keeps everything else', () => {
    expect(BUILD_NODE_OPTIONS).toBe('--max-semi-space-size=64');
    expect(buildEnv({ WIKI_CONTENT_DIR: '/wiki' })).toEqual({ WIKI_CONTENT_DIR: '/wiki', NODE_OPTIONS: '--max-semi-space-size=64' });
  });

  test("puts the caller's NODE_OPTIONS after the build's, so the caller's value of the same flag wins", () => {
    expect(buildEnv({ NODE_OPTIONS: ' --max-semi-space-size=16 --enable-source-maps ' }).NODE_OPTIONS).toBe(
      '--max-semi-space-size=64 --max-semi-space-size=16 --enable-source-maps',
    );
  });
});
