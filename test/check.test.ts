import { spawnSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { ROOT } from './helpers/astro.ts';

function check(...args: string[]) {
  const r = spawnSync(process.execPath, ['scripts/check.ts', '--now', '2026-11-30', ...args], { cwd: ROOT, encoding: 'utf8' });
  return { status: r.status, lines: r.stdout.trimEnd().split('\n'), stdout: r.stdout };
}

describe('npm run check', () => {
  test('warnings only: near-duplicates, missing summary, stale document, an image without alt text; exit 0', () => {
    const r = check('--content', 'test/fixtures/content-warnings');
    expect(r.lines).toEqual([
      '경고 test/fixtures/content-warnings/deploy.md:1 content: deploy-copy.md와(과) 내용이 97% 비슷합니다 (deploy ↔ deploy-copy). 한 문서로 합치거나 서로 다른 점을 분명히 하세요.',
      '경고 test/fixtures/content-warnings/old.md:1 summary: summary가 없습니다. 검색 결과와 llms.txt에 보일 한 문장 요약을 frontmatter에 쓰세요.',
      '경고 test/fixtures/content-warnings/old.md:4 updated_at: 1050일 동안 수정되지 않았습니다 (기준 365일). 내용이 아직 맞는지 확인하고 updated_at을 고치거나 status: deprecated로 표시하세요.',
      '경고 test/fixtures/content-warnings/old.md:9 alt: 그림 https://example.com/chart.png에 대체 텍스트(alt)가 없습니다. 그림이 전하는 내용을 alt에 쓰세요. 꾸밈용 그림이면 alt=""로 두세요.',
      '문서 3개 검사: 오류 0개, 경고 4개',
    ]);
    expect(r.status).toBe(0);
  });

  test('errors make the exit code non-zero; --json is machine-readable', () => {
    const human = check('--content', 'test/fixtures/content-broken');
    expect(human.status).toBe(1);
    expect(human.lines.at(-1)).toBe('문서 4개 검사: 오류 9개, 경고 5개');
    const json = check('--content', 'test/fixtures/content-broken', '--json');
    expect(json.status).toBe(1);
    const parsed = JSON.parse(json.stdout) as { errors: number; warnings: number; problems: { path: string; line: number; field: string; severity: string }[] };
    expect([parsed.errors, parsed.warnings]).toEqual([9, 5]);
    expect(parsed.problems.find((p) => p.severity === 'error')).toMatchObject({
      path: 'test/fixtures/content-broken/guides/setup.md',
      line: 2,
      field: 'id',
      severity: 'error',
    });
  });

  test('the example wiki is clean', () => {
    const r = check();
    expect(r.status).toBe(0);
    expect(r.lines.at(-1)).toMatch(/^문서 \d+개 검사: 오류 0개, 경고 0개$/);
  });
});
