import { describe, expect, test } from 'vitest';
import { collectFiles } from '../src/node/collect.ts';
import { buildWiki } from '../src/lib/wiki/pipeline.ts';
import { formatReport } from '../src/lib/wiki/problems.ts';

/** The exact report a writer sees for test/fixtures/content-broken. */
export const EXPECTED_REPORT = [
  '위키 문서에 오류 9개가 있습니다 (파일 4개). 모두 고친 뒤 다시 빌드하세요.',
  'content/guides/setup.md:2 id: id "setup"를 content/guides/dup.md:2에서도 쓰고 있습니다. 문서마다 다른 id를 쓰세요 (둘 중 하나의 id를 바꾸거나 파일을 합치세요).',
  'content/guides/setup.md:4 category: "guides"은(는) 허용된 분류가 아닙니다. 다음 중 하나를 쓰세요: concept, policy, workflow, decision, guide, reference, history (maru.config.ts의 categories에서 바꿀 수 있습니다).',
  'content/guides/setup.md:5 tags: 객체은(는) 문자열 목록이어야 합니다. YAML 목록으로 쓰세요: tags: [검색, 한국어].',
  'content/guides/setup.md:6 updated_at: "2026-13-45"은(는) 올바른 날짜가 아닙니다. YYYY-MM-DD 형식의 실제 날짜로 쓰세요 (예: updated_at: 2026-11-30).',
  'content/guides/setup.md:11 link: [[missing-doc]]이(가) 가리키는 문서가 없습니다. 있는 문서의 id나 경로로 고치세요.',
  'content/other/bad-yaml.md:3 frontmatter: YAML 문법 오류입니다 (Missing closing "quote). 들여쓰기, 따옴표, 콜론(:) 뒤 공백을 확인하세요.',
  'content/other/latin1.md:1 file: 파일을 읽을 수 없습니다 (UTF-8이 아닙니다). 파일 권한과 UTF-8 인코딩을 확인하세요.',
  'content/other/links.md:3 related: "nope"라는 id의 문서가 없습니다. 있는 문서의 id를 쓰거나 related에서 지우세요.',
  'content/other/links.md:9 link: ./ghost.md이(가) 가리키는 문서가 없습니다. 있는 문서의 id나 경로로 고치세요.',
  "깨진 링크를 경고로만 보고 빌드하려면 MARU_BROKEN_LINKS=warn 으로 실행하거나 maru.config.ts에 brokenLinks: 'warn'을 쓰세요 (경고는 npm run check에 나옵니다).",
];

describe('build error report', () => {
  test('lists every problem of every file at once, one line each', () => {
    const wiki = buildWiki(collectFiles('test/fixtures/content-broken'), {
      categories: ['concept', 'policy', 'workflow', 'decision', 'guide', 'reference', 'history'],
      base: '/',
    });
    expect(formatReport(wiki.problems, 'content').split('\n')).toEqual(EXPECTED_REPORT);
    expect(wiki.documents.map((d) => d.source.id)).toEqual(['ok', 'other/links', 'setup', 'setup']);
  });

  test('a missing heading is a warning by default and an error under brokenAnchors: error, whose report names its switch', () => {
    const options = { categories: ['concept', 'policy', 'workflow', 'decision', 'guide', 'reference', 'history'], base: '/' };
    const files = collectFiles('test/fixtures/content-broken');
    const anchorProblem = (links?: { brokenLinks: 'error' | 'warn'; brokenAnchors: 'error' | 'warn' }) =>
      buildWiki(files, { ...options, ...(links ? { links } : {}) })
        .problems.filter((p) => p.field === 'anchor')
        .map((p) => `${p.severity} ${p.path}:${p.line}`);
    expect(anchorProblem()).toEqual(['warning other/links.md:9']);
    const strict = buildWiki(files, { ...options, links: { brokenLinks: 'warn', brokenAnchors: 'error' } });
    expect(strict.problems.filter((p) => p.field === 'anchor' || p.field === 'link').map((p) => `${p.severity} ${p.field}`)).toEqual([
      'error anchor',
      'warning link',
      'warning link',
    ]);
    expect(formatReport(strict.problems, 'content').split('\n').at(-1)).toBe(
      "없는 제목 anchor를 경고로만 보고 빌드하려면 MARU_BROKEN_ANCHORS=warn 으로 실행하거나 maru.config.ts에 brokenAnchors: 'warn'을 쓰세요.",
    );
  });
});
