import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { isMiss, MissReportSchema, normalizeQuery, parseMissLog, toMissLine, WEAK_BEST_SCORE } from './misses.ts';
import { bigramSimilarity, groupMisses, renderMissReport, type NamedDocument } from './report.ts';

const LOG = readFileSync(join(import.meta.dirname, '../../../test/fixtures/misses/misses.jsonl'), 'utf8');
const DOCS: NamedDocument[] = [
  { id: 'deploy', title: '배포 롤백 가이드', aliases: ['deploy'] },
  { id: 'onboarding-first-week', title: '첫 주 안내', aliases: [] },
];

describe('what counts as a miss', () => {
  test.each([
    [0, null, true],
    [3, WEAK_BEST_SCORE - 0.1, true],
    [3, WEAK_BEST_SCORE, false],
    [1, 250, false],
  ])('%i results, best score %s → %s', (count, best, miss) => {
    expect(isMiss(count, best)).toBe(miss);
  });

  test('a site report is validated strictly and logged without anything about the user', () => {
    expect(MissReportSchema.safeParse({ query: 'x', resultCount: 0, user: 'kim' }).success).toBe(false);
    expect(MissReportSchema.safeParse({ query: '  ', resultCount: 0 }).success).toBe(false);
    const report = MissReportSchema.parse({ query: ' 휴가 ', resultCount: 0 });
    expect(toMissLine(report, 'site', '2026-11-30T00:00:00.000Z')).toBe(
      '{"time":"2026-11-30T00:00:00.000Z","source":"site","query":"휴가","filters":{},"resultCount":0,"bestScore":null}\n',
    );
  });

  test('queries group by a normalised form', () => {
    expect(normalizeQuery('  휴가  신청! ')).toBe('휴가 신청');
    expect(normalizeQuery('Kubernetes 배포')).toBe('kubernetes 배포');
    expect(bigramSimilarity('배포 롤백 방법', '배포 롤백 가이드')).toBeCloseTo(0.545, 3);
  });
});

describe('the report from the fixture log', () => {
  test('groups, counts and last-seen dates', () => {
    const { entries, skipped } = parseMissLog(LOG);
    expect(skipped).toBe(2);
    expect(groupMisses(entries).map((g) => [g.query, g.count, g.zeroResults, g.lastSeen.slice(0, 10), g.variants])).toEqual([
      ['휴가 신청', 3, 2, '2026-11-25', ['휴가  신청!']],
      ['배포 롤백 방법', 2, 2, '2026-11-26', []],
      ['Kubernetes 배포', 1, 1, '2026-11-27', []],
      ['쿠버네티스 배포', 1, 0, '2026-11-21', []],
    ]);
  });

  test('reads line by line', () => {
    const { entries, skipped } = parseMissLog(LOG);
    expect(renderMissReport(entries, DOCS, { skipped, haveDocuments: true }).split('\n')).toEqual([
      '# 검색 실패 리포트',
      '',
      '- 기간: 2026-11-20 ~ 2026-11-27',
      '- 기록: 7건 (MCP 3건, 사이트 4건), 질의 4종',
      '- 기준: 결과가 없거나 가장 좋은 결과의 점수가 10 미만인 검색',
      '- 읽지 못한 줄: 2줄 (형식이 맞지 않아 건너뜀)',
      '',
      '## 찾지 못한 것',
      '',
      '| 질의 | 횟수 | 결과 없음 | 마지막 | 출처 | 제안 |',
      '| --- | --- | --- | --- | --- | --- |',
      '| 휴가 신청 | 3 | 2 | 2026-11-25 | MCP 1, 사이트 2 | 새 문서 |',
      '| 배포 롤백 방법 | 2 | 2 | 2026-11-26 | MCP 1, 사이트 1 | `deploy`에 별칭 추가 |',
      '| Kubernetes 배포 | 1 | 1 | 2026-11-27 | 사이트 1 | 새 문서 |',
      '| 쿠버네티스 배포 | 1 | 0 | 2026-11-21 | MCP 1 | 새 문서 |',
      '',
      '## 별칭 추가 제안',
      '',
      '- `deploy` (배포 롤백 가이드, 제목 유사도 0.55): frontmatter `aliases`에 "배포 롤백 방법"을(를) 추가하세요. 2회 검색됨.',
      '',
      '## 새 문서 제안',
      '',
      '- "휴가 신청": 3회 검색됨, 마지막 2026-11-25, 프로젝트 필터: onboarding (다른 표기: "휴가  신청!"). 이 주제를 다루는 문서가 없으면 `npm run new -- --title "휴가 신청"`로 만드세요.',
      '- "Kubernetes 배포": 1회 검색됨, 마지막 2026-11-27. 이 주제를 다루는 문서가 없으면 `npm run new -- --title "Kubernetes 배포"`로 만드세요.',
      '- "쿠버네티스 배포": 1회 검색됨, 마지막 2026-11-21, 프로젝트 필터: operations. 이 주제를 다루는 문서가 없으면 `npm run new -- --title "쿠버네티스 배포"`로 만드세요.',
      '',
    ]);
  });

  test('without documents there are no alias suggestions, and an empty log says so', () => {
    const { entries } = parseMissLog(LOG);
    const text = renderMissReport(entries, [], { skipped: 0, haveDocuments: false });
    expect(text).toContain('문서 목록 없이 만든 리포트라 별칭 제안이 없습니다. `--artifacts dist`를 주면 제목이 비슷한 문서를 찾습니다.');
    expect(renderMissReport([], DOCS, { skipped: 0, haveDocuments: true })).toBe('# 검색 실패 리포트\n\n기록된 검색 실패가 없습니다.\n');
  });
});
