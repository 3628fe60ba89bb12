import { spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROOT, tempDir } from './helpers/astro.ts';

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
    // More than ten problems: a line counts them by kind, most frequent first.
    expect(human.lines.at(-2)).toBe('종류별: 오류 link 2, category 1, file 1, frontmatter 1, id 1, related 1, tags 1, updated_at 1 · 경고 summary 4, anchor 1');
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

  test('every file left out is named with why: .mdx, symbolic links in and out of the folder, the root README.md, GitHub wiki chrome', () => {
    const dir = tempDir('maru-skipped-');
    const content = join(dir, 'wiki');
    mkdirSync(join(content, 'docs'), { recursive: true });
    writeFileSync(join(dir, 'secret.md'), '# 밖\n');
    writeFileSync(join(content, 'docs/guide.md'), '---\nsummary: 안내입니다.\n---\n# 안내\n\n본문입니다.\n');
    writeFileSync(join(content, 'docs/client.mdx'), '# 클라이언트\n');
    writeFileSync(join(content, 'README.md'), '# 저장소\n');
    writeFileSync(join(content, '_Sidebar.md'), '* [[guide]]\n');
    writeFileSync(join(content, 'docs/_Footer.md'), '바닥글\n');
    symlinkSync(join(content, 'docs/guide.md'), join(content, 'docs/same.md'));
    symlinkSync(join(dir, 'secret.md'), join(content, 'escape.md'));
    const r = check('--content', content);
    expect(r.lines.map((l) => l.replace(relative(ROOT, content), 'wiki'))).toEqual([
      '경고 wiki/_Sidebar.md:1 file: GitHub 위키의 사이드바·머리글·바닥글 파일이라 문서에 싣지 않았습니다. Maru는 사이드바를 문서 목록으로 만듭니다. 문서로 보이게 하려면 파일 이름 앞의 _를 빼세요.',
      '경고 wiki/docs/_Footer.md:1 file: GitHub 위키의 사이드바·머리글·바닥글 파일이라 문서에 싣지 않았습니다. Maru는 사이드바를 문서 목록으로 만듭니다. 문서로 보이게 하려면 파일 이름 앞의 _를 빼세요.',
      '경고 wiki/docs/client.mdx:1 file: .mdx 파일은 읽지 않아 문서에 싣지 않았습니다. 문서로 쓰려면 확장자를 .md로 바꾸세요 (<Note> 같은 MDX 컴포넌트와 {/* */} 주석은 .md에서도 읽습니다).',
      '경고 wiki/docs/same.md:1 file: 심볼릭 링크는 따라가지 않아 문서에 싣지 않았습니다. 링크 대신 파일을 직접 두세요.',
      '경고 wiki/escape.md:1 file: 콘텐츠 폴더 밖이나 없는 파일을 가리키는 심볼릭 링크라 읽지 않았습니다. 콘텐츠 폴더 안에 파일을 직접 두세요.',
      '경고 wiki/README.md:1 file: 콘텐츠 폴더 맨 위의 저장소 안내 파일이라 문서에 싣지 않았습니다. 문서로 보이게 하려면 하위 폴더로 옮기세요.',
      '문서 1개 검사: 오류 0개, 경고 6개',
    ]);
    expect(r.status).toBe(0);
  });

  test('a GitBook space: its README.md is a page, SUMMARY.md is named as left out, .gitbook/ files are there to link, description is the summary', () => {
    const r = check('--content', 'test/fixtures/gitbook-space');
    expect(r.lines).toEqual([
      '경고 test/fixtures/gitbook-space/guides/onboarding.md:15 link: 링크한 파일 ../.gitbook/assets/none.pdf이(가) 콘텐츠 폴더에 없습니다. 파일을 문서 옆에 두거나 경로를 고치세요.',
      '경고 test/fixtures/gitbook-space/SUMMARY.md:1 file: GitBook·mdBook·Docsify의 목차 파일이라 문서에 싣지 않았습니다. 사이드바는 폴더와 문서로 만들고, 문서 순서는 이 목차를 따릅니다 (frontmatter의 order가 있으면 그것이 먼저입니다).',
      '문서 3개 검사: 오류 0개, 경고 2개',
    ]);
    expect(r.status).toBe(0);
  });

  test('a picture that is there but unreadable (0 bytes, text named .png) is a warning naming file, line and picture; exit 0', () => {
    const content = join(tempDir('maru-images-'), 'wiki');
    mkdirSync(content);
    writeFileSync(join(content, 'empty.png'), '');
    writeFileSync(join(content, 'note.png'), '그림이 아니라 글입니다\n');
    writeFileSync(join(content, 'page.md'), '---\nsummary: 그림 문서입니다.\n---\n# 그림\n\n![빈 그림](./empty.png)\n\n![[note.png]]\n');
    const r = check('--content', content);
    const why =
      '을(를) 읽을 수 없습니다 (빈 파일이거나 깨졌거나 그림 파일이 아닙니다; 페이지에는 대체 텍스트가 보입니다). 그림을 다시 내보내 저장하거나 올바른 파일로 바꾸세요.';
    expect(r.lines.map((l) => l.replace(relative(ROOT, content), 'wiki'))).toEqual([
      `경고 wiki/page.md:6 image: 그림 ./empty.png${why}`,
      `경고 wiki/page.md:8 image: 그림 note.png${why}`,
      '문서 1개 검사: 오류 0개, 경고 2개',
    ]);
    expect(r.status).toBe(0);
  });
});
