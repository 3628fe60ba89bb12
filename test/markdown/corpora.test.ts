// Real folders teams migrate from (the corpora in test/corpora), and the VitePress-style fixture of
// test/fixtures/vitepress. Each suite runs one real `astro build`.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { astroBuild, buildDir, ROOT, sharedBuild } from '../helpers/astro.ts';
import { corpus } from '../helpers/corpora.ts';

const MINUTES = 60_000;

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.html'))
    .map((f) => join(dir, f));
}

/**
 * The page's text as a reader sees it: code blocks and inline code removed (JSX comments there are code),
 * and tags with their attributes (a page titled `<script setup>` carries that title in `data-title="…"`).
 */
function proseOf(html: string): string {
  return html
    .replace(/<pre[\s\S]*?<\/pre>/g, '')
    .replace(/<code[\s\S]*?<\/code>/g, '')
    .replace(/<script type="module"[\s\S]*?<\/script>/g, '')
    .replace(/<\/?[a-zA-Z][\w-]*(?:\s+[^\s"'>=]+(?:=(?:"[^"]*"|'[^']*'|[^\s>]+))?)*\s*\/?>/g, ' ');
}

/** Every built page that shows dialect syntax (`:::`, `{#id}`, `[[TOC]]`, `<script setup>`, `{/*`) as text, with what it shows. */
function leftovers(dir: string): string[] {
  const out: string[] = [];
  for (const file of htmlFiles(dir)) {
    const prose = proseOf(readFileSync(file, 'utf8'));
    for (const pattern of [/:::/, /\{#[\w-]+\}/, /\[\[TOC\]\]/i, /<script setup/, /\{\/\*/]) {
      const m = pattern.exec(prose);
      if (m) out.push(`${file.slice(dir.length + 1)}: ${prose.slice(Math.max(0, m.index - 40), m.index + 40).replace(/\s+/g, ' ')}`);
    }
  }
  return out;
}

function check(content: string, ...args: string[]) {
  const r = spawnSync(process.execPath, ['scripts/check.ts', '--content', content, '--now', '2026-11-30', '--json', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  return JSON.parse(r.stdout) as {
    errors: number;
    warnings: number;
    problems: { path: string; line: number; field: string; severity: string; message: string }[];
  };
}

const countBy = (problems: { field: string; severity: string }[]) => {
  const out: Record<string, number> = {};
  for (const p of problems) if (['link', 'anchor', 'image'].includes(p.field)) out[`${p.severity} ${p.field}`] = (out[`${p.severity} ${p.field}`] ?? 0) + 1;
  return out;
};

describe('a VitePress-style folder (test/fixtures/vitepress) builds with default settings', () => {
  test('no dialect syntax on any page; containers, aliases and extensionless links render', { timeout: 10 * MINUTES }, () => {
    const out = buildDir('md-vitepress-');
    const r = astroBuild(out, { WIKI_CONTENT_DIR: 'test/fixtures/vitepress' });
    expect(r.status, r.output.slice(-3000)).toBe(0);
    expect(leftovers(out)).toEqual([]);
    const config = readFileSync(join(out, 'docs/guide/config/index.html'), 'utf8');
    expect(config).toContain('<h2 id="resolveconditions"><span id="resolve-conditions" class="heading-alias"></span>');
    expect(config).toContain('<div data-callout="warning" class="callout callout-warning" role="note">\n<p class="callout-title">주의</p>');
    expect(config).toContain('<a href="/docs/guide/dep-pre-bundling/#optimizedepsinclude">사전 번들링 옵션</a>');
    expect(config).not.toMatch(/VersionPicker|ClientOnly|\.demo \{/);
    // ```js{2-3}: the language is js (Shiki colours it) and lines 2 and 3 are marked.
    expect(config).toContain('data-language="js"');
    expect(config.match(/class="line line-hl"/g)?.length).toBe(2);
    const guide = readFileSync(join(out, 'docs/guide/index.html'), 'utf8');
    expect(guide).toContain('<a href="/docs/guide/dep-pre-bundling/">의존성 사전 번들링</a>');
    expect(guide).toContain('<a href="/docs/guide/config/#resolveconditions">resolve.conditions</a>');
    expect(guide).toContain('<a href="/docs/guide/config/#:~:text=conditions">텍스트 조각으로 이동</a>');
    expect(guide).toContain('<details class="details">\n<summary>브라우저 지원</summary>');
    expect(guide).toContain('<strong>빠른(fast)</strong>개발 서버');
    // `<!--@include: ./parts/browser-support.md#modern-->`: the region's lines, not the rest of the part.
    const article = guide.slice(guide.indexOf('<div class="prose">'), guide.indexOf('<footer class="doc-footer">'));
    expect(article).toContain('</details>\n<p>Chrome 111, Safari 16.4 이상을 지원합니다.</p>\n<p><a href=');
    expect(article).not.toContain('시작하기 페이지에 붙지 않습니다');
    expect(guide).not.toContain('#region');
  });

  test('npm run check finds no broken link or anchor in it', () => {
    expect(countBy(check('test/fixtures/vitepress').problems)).toEqual({});
  });
});

describe('ko-cs-study: notes with links written from the repository root', () => {
  const cs = corpus('ko-cs-study');
  test('the default policy stops the build and names the switch', { timeout: 5 * MINUTES }, () => {
    const r = astroBuild(buildDir('md-cs-error-'), { WIKI_CONTENT_DIR: cs });
    expect(r.status).not.toBe(0);
    expect(r.output).toContain('Spring/spring_03_servlet,jsp,mvc.md:6 link: Spring/spirng_03_mvc.md이(가) 가리키는 문서가 없습니다');
    expect(r.output).toContain('MARU_BROKEN_LINKS=warn');
  });

  test('MARU_BROKEN_LINKS=warn builds it as shipped and prints the broken links with file and line', { timeout: 15 * MINUTES }, () => {
    const r = astroBuild(buildDir('md-cs-warn-'), { WIKI_CONTENT_DIR: cs, MARU_BROKEN_LINKS: 'warn' });
    expect(r.status, r.output.slice(-3000)).toBe(0);
    expect(r.output).toContain('Spring/spring_03_servlet,jsp,mvc.md:2 link: Spring/spring_03_servlet.md이(가) 가리키는 문서가 없습니다');
    expect(r.output).toContain('Spring/spring_03_servlet,jsp,mvc.md:6 link: Spring/spirng_03_mvc.md이(가) 가리키는 문서가 없습니다');
  });

  test('the link written from the root resolves; the two that name no file are the only broken links', () => {
    const links = check(cs).problems.filter((p) => p.field === 'link');
    expect(links.map((p) => `${p.severity} ${p.path.split('ko-cs-study/')[1]}:${p.line}`)).toEqual([
      'error Spring/spring_03_servlet,jsp,mvc.md:2',
      'error Spring/spring_03_servlet,jsp,mvc.md:6',
    ]);
  });
});

describe('ko-vue-docs: 119 real VitePress pages', () => {
  test('builds as shipped with default settings; no page shows the dialect as text', { timeout: 20 * MINUTES }, async () => {
    // The build site-corpus-vue.test.ts reads too (one per test run).
    const r = await sharedBuild('/', { WIKI_CONTENT_DIR: corpus('ko-vue-docs') });
    const out = r.dir;
    expect(r.status, r.output.slice(-3000)).toBe(0);
    expect(htmlFiles(join(out, 'docs')).length).toBeGreaterThanOrEqual(119);
    expect(leftovers(out)).toEqual([]);
    expect(readFileSync(join(out, 'docs/glossary/index.html'), 'utf8')).not.toContain('TOC');
  });
});

describe('ko-react-docs: react.dev in Korean', () => {
  const react = corpus('ko-react-docs');
  test('Korean bold next to punctuation renders, and no MDX comment shows on any page', { timeout: 20 * MINUTES }, async () => {
    // The build the search-cost browser test reads too (one per test run).
    const r = await sharedBuild('/', { WIKI_CONTENT_DIR: react, MARU_BROKEN_LINKS: 'warn' });
    const out = r.dir;
    expect(r.status, r.output.slice(-3000)).toBe(0);
    expect(readFileSync(join(out, 'docs/learn/synchronizing-with-effects/index.html'), 'utf8')).toContain('<strong>정리(cleaned up)</strong>됩니다');
    expect(leftovers(out)).toEqual([]);
  });

  test('missing images, broken links and missing anchors are all listed by npm run check with file and line', () => {
    const { problems } = check(react);
    // Figures of the corpus as shipped. A link to a folder without a landing page (`/reference`) opens the folder's
    // first page, so it is no error. Links to a place on the same page (`#usage`) are checked too: 27 of the 32 anchor
    // warnings are such links naming no heading (a typo of the heading's id, anchors copied from another page, ids
    // react.dev's components make).
    expect(countBy(problems)).toEqual({ 'warning image': 47, 'error link': 9, 'warning anchor': 32 });
    expect(problems.filter((p) => p.field === 'anchor' && p.path.endsWith('components/common.md')).map((p) => [p.line, p.message])).toEqual(
      [81, 83, 133].map((line) => [
        line,
        '#clipboardevent-handler의 제목 "clipboardevent-handler"이(가) reference/react-dom/components/common 문서에 없습니다',
      ]),
    );
    expect(problems.find((p) => p.field === 'link')).toMatchObject({
      path: expect.stringMatching(/ko-react-docs\/blog\/2023\/03\/16\/introducing-react-dev\.md$/),
      line: 611,
      severity: 'error',
    });
  });
});
