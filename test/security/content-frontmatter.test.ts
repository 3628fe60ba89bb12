// Finding 1 of issue 11: frontmatter is data. A `---js` fence used to be eval'd by gray-matter in
// `npm run check`, the build and the MCP write path; now every consumer reports it and runs nothing.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { scanFolder, readSnapshot } from '../../src/writer/snapshot.ts';
import { splitFrontmatter } from '../../src/lib/wiki/frontmatter-parse.ts';
import { toSourceDocument } from '../../src/lib/wiki/document.ts';
import { astroBuild, buildDir, ROOT, tempDir } from '../helpers/astro.ts';

const CATEGORIES = ['concept', 'guide', 'reference'];
let dir: string;
let content: string;
let marker: string;

/** A file whose frontmatter, if evaluated as JavaScript, writes `marker`. */
const payload = (fence: string, path: string) => `${fence}\n{ title: (require('fs').writeFileSync(${JSON.stringify(path)}, 'x'), 'x') }\n---\n\n# 본문\n`;

beforeAll(() => {
  dir = tempDir('maru-fm-');
  content = join(dir, 'content');
  marker = join(dir, 'PWNED');
  mkdirSync(join(content, 'notes'), { recursive: true });
  writeFileSync(join(content, 'ok.md'), '---\ntitle: 정상 문서\n---\n\n본문입니다.\n');
  writeFileSync(join(content, 'notes/evil.md'), payload('---js', marker));
  writeFileSync(join(content, 'notes/evil2.md'), payload('---javascript', marker));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('only --- + YAML and +++ + TOML are frontmatter, read as data', () => {
  test.each([
    ['---js', 'js'],
    ['---javascript', 'javascript'],
    ['---coffee', 'coffee'],
    ['---toml', 'toml'],
    ['--- js', 'js'],
  ])('%s is an error on line 1 that runs nothing', (fence, language) => {
    const probe = join(tempDir('maru-fm-unit-'), 'PWNED');
    const r = splitFrontmatter('notes/evil.md', payload(fence, probe));
    expect(r.file).toBeUndefined();
    expect(r.problems).toEqual([
      {
        path: 'notes/evil.md',
        line: 1,
        field: 'frontmatter',
        message: `frontmatter 언어 ${language}는 지원하지 않습니다`,
        hint: '첫 줄을 ---로 쓰고 그 아래를 YAML로 쓰세요 (Maru는 frontmatter를 데이터로만 읽고 코드를 실행하지 않습니다)',
        severity: 'error',
      },
    ]);
    expect(existsSync(probe)).toBe(false);
  });

  test("Hugo's TOML frontmatter is data: code in it is a syntax error that runs nothing, strings stay strings", () => {
    const probe = join(tempDir('maru-fm-unit-'), 'PWNED');
    const evil = `+++\ntitle = (require('fs').writeFileSync(${JSON.stringify(probe)}, 'x'), 'x')\n+++\n\n# 본문\n`;
    expect(splitFrontmatter('notes/evil.md', evil).problems).toMatchObject([{ path: 'notes/evil.md', line: 2, field: 'frontmatter', severity: 'error' }]);
    expect(splitFrontmatter('notes/evil.md', `+++\n{ title: 1 }\n---\n`).problems).toMatchObject([
      { line: 1, message: 'frontmatter를 닫는 +++ 줄이 없습니다' },
    ]);
    const r = splitFrontmatter('a.md', '+++\ntitle = "(require(\'fs\'))"\n+++\nbody\n');
    expect(r.file?.data).toEqual({ title: "(require('fs'))" });
    expect(existsSync(probe)).toBe(false);
  });

  test('YAML that looks like code stays a string', () => {
    const r = splitFrontmatter('a.md', "---\ntitle: (require('fs').writeFileSync('x', 'x'), 'x')\n---\nbody\n");
    expect(r.file?.data).toEqual({ title: "(require('fs').writeFileSync('x', 'x'), 'x')" });
  });

  test('an unclosed fence is an error naming line 1', () => {
    expect(splitFrontmatter('a.md', '---\ntitle: x\n\n# 본문\n').problems).toEqual([
      {
        path: 'a.md',
        line: 1,
        field: 'frontmatter',
        message: 'frontmatter를 닫는 --- 줄이 없습니다',
        hint: 'frontmatter 끝에 --- 한 줄을 쓰세요',
        severity: 'error',
      },
    ]);
  });

  test('YAML errors keep their file line', () => {
    expect(splitFrontmatter('a.md', '---\ntitle: ok\nsummary: "open\n---\n').problems[0]).toMatchObject({ line: 3, field: 'frontmatter' });
  });

  test('npm run check reports both files with line 1 and writes nothing', () => {
    const r = spawnSync(process.execPath, ['scripts/check.ts', '--content', content, '--now', '2026-11-30'], { cwd: ROOT, encoding: 'utf8' });
    const lines = r.stdout.split('\n');
    expect(lines.filter((l) => l.includes('frontmatter 언어'))).toEqual([
      expect.stringMatching(/notes\/evil\.md:1 frontmatter: frontmatter 언어 js는 지원하지 않습니다\. 첫 줄을 ---로 쓰고 그 아래를 YAML로 쓰세요/),
      expect.stringMatching(/notes\/evil2\.md:1 frontmatter: frontmatter 언어 javascript는 지원하지 않습니다\./),
    ]);
    expect(r.status).toBe(1);
    expect(existsSync(marker)).toBe(false);
  });

  test('the build stops with the same error before anything is written, and runs nothing', () => {
    const out = buildDir('dist-fm-');
    try {
      const r = astroBuild(out, { WIKI_CONTENT_DIR: content });
      expect(r.status).not.toBe(0);
      expect(r.output).toContain('notes/evil.md:1 frontmatter: frontmatter 언어 js는 지원하지 않습니다.');
      expect(existsSync(join(out, 'index.html'))).toBe(false);
      expect(existsSync(marker)).toBe(false);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);

  test('the MCP write path reads the folder without running code, and reports the file', () => {
    const scan = scanFolder(content);
    expect([...scan.ids].sort()).toEqual(['notes/evil', 'notes/evil2', 'ok']);
    const snapshot = readSnapshot(content, '/');
    expect(snapshot.wiki.problems.filter((p) => p.field === 'frontmatter').map((p) => `${p.path}:${p.line}`)).toEqual(['notes/evil.md:1', 'notes/evil2.md:1']);
    expect(existsSync(marker)).toBe(false);
  });
});

describe('CRLF and BOM files parse exactly like LF files', () => {
  const LF = '---\ntitle: 윈도우 문서\ncategory: guide\ntags: [a, b]\n---\n\n# 제목\n\n첫 문단입니다.\n\n## 둘째\n\n끝.\n';
  const variants = [
    ['CRLF', LF.replace(/\n/g, '\r\n')],
    ['BOM + CRLF', `\uFEFF${LF.replace(/\n/g, '\r\n')}`],
    ['BOM + LF', `\uFEFF${LF}`],
    ['CR only', LF.replace(/\n/g, '\r')],
  ] as const;

  test.each(variants)('%s: same data, body, body line and derived text as LF', (_name, text) => {
    const lf = toSourceDocument({ path: 'win.md', text: LF, mtime: '2026-11-30T00:00:00Z' }, CATEGORIES);
    const other = toSourceDocument({ path: 'win.md', text, mtime: '2026-11-30T00:00:00Z' }, CATEGORIES);
    expect(other.problems).toEqual([]);
    expect(other.doc).toEqual(lf.doc);
    expect(other.doc).toMatchObject({ title: '윈도우 문서', category: 'guide', tags: ['a', 'b'], bodyLine: 6, summary: '첫 문단입니다.' });
    expect(JSON.stringify(other.doc)).not.toContain('\\r');
    // `# 제목` differs from the frontmatter title: a section (one h1 per page), with `## 둘째` one level below it.
    expect(other.doc?.markdown.headings.map((h) => [h.text, h.depth, h.line])).toEqual([
      ['제목', 2, 2],
      ['둘째', 3, 6],
    ]);
  });

  test('a CRLF file without frontmatter keeps no \\r in its title', () => {
    const r = toSourceDocument({ path: 'plain.md', text: '# 제목\r\n\r\n본문\r\n', mtime: '2026-11-30T00:00:00Z' }, CATEGORIES);
    expect(r.doc?.title).toBe('제목');
    expect(r.doc?.body).toBe('# 제목\n\n본문\n');
  });
});

describe('NFD file names', () => {
  test('give the NFC id, project and title', () => {
    const nfd = '가이드/설치 방법.md'.normalize('NFD');
    const r = toSourceDocument({ path: nfd, text: '본문\n', mtime: '2026-11-30T00:00:00Z' }, CATEGORIES);
    expect(r.doc?.id).toBe('가이드/설치-방법'.normalize('NFC'));
    expect(r.doc?.id.normalize('NFC')).toBe(r.doc?.id);
    expect(r.doc?.project.normalize('NFC')).toBe(r.doc?.project);
    expect(r.doc?.title.normalize('NFC')).toBe(r.doc?.title);
  });
});
