import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { buildArtifacts } from '../src/node/wiki-build.ts';
import { CatalogSchema, ManifestSchema } from '../src/lib/artifacts/schema.ts';
import { loadSearch } from '../src/lib/search/index-load.ts';
import { searchDocuments } from '../src/lib/search/search.ts';
import { indexedHeadings, sliceSection } from '../src/lib/markdown/sections.ts';
import { EXPECTED_REPORT } from './build-errors.test.ts';
import { tagSegment } from '../src/lib/ui/tag-segment.ts';
import { astroBuild, ROOT, sharedBuild, tempDir, type SharedBuild } from './helpers/astro.ts';

const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const json = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => statSync(join(dir, f)).isFile())
    .sort();
}

describe('npm run build on the example wiki', () => {
  let out: string;
  let build: SharedBuild;
  beforeAll(async () => {
    // The build the site's browser tests read too (one per test run).
    build = await sharedBuild('/');
    out = build.dir;
  });

  test('succeeds and writes every artifact', () => {
    expect(build.status, build.output).toBe(0);
    for (const f of ['_wiki/manifest.json', '_wiki/catalog.json', '_wiki/search-index.json', 'llms.txt', 'llms-full.txt', 'index.html'])
      expect(existsSync(join(out, f)), f).toBe(true);
  });

  test("Astro's generated modules go to the build's own root, where no build beside it can overwrite them", () => {
    expect(readFileSync(join(build.root, '.astro/content-assets.mjs'), 'utf8')).toMatch(/export default new Map/);
  });

  test('the manifest hashes match and every catalog entry validates', () => {
    const manifest = ManifestSchema.parse(json(join(out, '_wiki/manifest.json')));
    for (const [name, info] of Object.entries(manifest.files)) {
      expect(sha(join(out, '_wiki', name))).toBe(info.sha256);
      expect(statSync(join(out, '_wiki', name)).size).toBe(info.bytes);
    }
    const catalog = CatalogSchema.parse(json(join(out, '_wiki/catalog.json')));
    expect(manifest.documentCount).toBe(catalog.documents.length);
    expect(catalog.documents.length).toBeGreaterThanOrEqual(30);
    for (const doc of catalog.documents) {
      expect(sha(join(out, doc.markdownPath)), doc.id).toBe(doc.sha256);
      expect(existsSync(join(out, 'docs', doc.id, 'index.html')), doc.id).toBe(true);
    }
    expect(catalog.projects.map((p) => p.id)).toEqual(['maru', 'onboarding', 'operations', 'search']);
    expect(catalog.categories.map((c) => c.id)).toEqual(['concept', 'decision', 'guide', 'history', 'policy', 'reference', 'workflow']);
  });

  test('drafts are not published anywhere', () => {
    const catalog = CatalogSchema.parse(json(join(out, '_wiki/catalog.json')));
    expect(catalog.documents.some((d) => d.id === 'search-miss-report')).toBe(false);
    expect(existsSync(join(out, 'docs/search-miss-report'))).toBe(false);
    expect(readFileSync(join(out, 'llms-full.txt'), 'utf8')).not.toContain('id: search-miss-report');
  });

  test('heading ids on every page equal the catalog anchors', () => {
    const catalog = CatalogSchema.parse(json(join(out, '_wiki/catalog.json')));
    for (const doc of catalog.documents) {
      const html = readFileSync(join(out, 'docs', doc.id, 'index.html'), 'utf8');
      const ids = new Set([...html.matchAll(/<h[2-6][^>]* id="([^"]+)"/g)].map((m) => m[1]));
      for (const h of doc.headings) expect(ids.has(h.anchor), `${doc.id} #${h.anchor}`).toBe(true);
    }
  });

  test('the Astro build and the plain artifact builder emit byte-identical artifacts', () => {
    const plain = tempDir('maru-plain-');
    buildArtifacts(join(ROOT, 'content'), plain);
    for (const f of listFiles(join(plain, '_wiki'))) expect(readFileSync(join(out, '_wiki', f), 'utf8'), f).toBe(readFileSync(join(plain, '_wiki', f), 'utf8'));
  });

  test('the index carries each section heading line, so a browser can cut sections out without the catalog', () => {
    const search = loadSearch(json(join(out, '_wiki/search-index.json')));
    const catalog = CatalogSchema.parse(json(join(out, '_wiki/catalog.json')));
    let checked = 0;
    for (const doc of search.documents) {
      const lines = readFileSync(join(out, '_wiki/docs', `${doc.id}.md`), 'utf8').split('\n');
      const headings = indexedHeadings(doc);
      for (const h of headings) expect(lines[h.line - 1], `${doc.id} #${h.anchor}`).toMatch(new RegExp(`^#{2,3} `));
      const entry = catalog.documents.find((d) => d.id === doc.id)!;
      for (const h of headings)
        expect(sliceSection(lines.join('\n'), headings, h.anchor), `${doc.id} #${h.anchor}`).toBe(sliceSection(lines.join('\n'), entry.headings, h.anchor));
      checked += headings.length;
    }
    expect(checked).toBeGreaterThan(200);
  });

  test('a page whose Markdown has a Mermaid fence loads the diagram script, a page without one does not', () => {
    // The docs collection keeps a body only for such pages (wiki-loader.ts); the page decides from that body.
    const scripts = (id: string) =>
      readFileSync(join(out, 'docs', id, 'index.html'), 'utf8').match(/<script type="module" src="[^"]*\/_astro\/mermaid\.[\w-]+\.js">/g) ?? [];
    expect(scripts('maru-architecture')).toHaveLength(1);
    expect(scripts('adr-one-search-contract')).toHaveLength(0);
  });

  test('a Korean query with a particle finds the tokenizer page through the built index', () => {
    const search = loadSearch(json(join(out, '_wiki/search-index.json')));
    expect(searchDocuments(search, '토크나이저를')[0]?.document.id).toBe('search-tokenizer');
    // '토씨' is written nowhere but in the glossary, which says it is another name for 조사.
    expect(searchDocuments(search, '토씨')[0]?.document.id).toBe('search-particles');
  });

  test('broken content fails with the full report and leaves the previous output untouched', () => {
    const before = listFiles(out).map((f) => `${f}:${statSync(join(out, f)).mtimeMs}`);
    const broken = astroBuild(out, { WIKI_CONTENT_DIR: 'test/fixtures/content-broken' });
    expect(broken.status).not.toBe(0);
    const report = EXPECTED_REPORT.map((l) => l.replaceAll('content/', 'test/fixtures/content-broken/'));
    for (const line of report) expect(broken.output).toContain(line);
    expect(listFiles(out).map((f) => `${f}:${statSync(join(out, f)).mtimeMs}`)).toEqual(before);
  });
});

describe('a wiki of odd input: tags that are not path segments, a picture Astro cannot read', () => {
  const tags = ['project/alpha', '.', '../../etc', '</x>', 'C#', '?q=1#x', '100%', '검색'];
  let out: string;
  let r: ReturnType<typeof astroBuild>;
  beforeAll(() => {
    // One build for both: each Astro build costs about 12 CPU s.
    const dir = tempDir('maru-odd-');
    mkdirSync(join(dir, 'content'));
    writeFileSync(join(dir, 'content/a.md'), `---\ntitle: 태그\nsummary: 태그 문서입니다.\ntags: ${JSON.stringify(tags)}\n---\n본문입니다.\n`);
    // The first 16 bytes of a PNG: Astro stopped the whole build on it ("NoImageMetadata").
    writeFileSync(join(dir, 'content/diagram.png'), Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
    writeFileSync(join(dir, 'content/b.md'), '---\ntitle: 그림\nsummary: 깨진 그림이 있는 문서입니다.\n---\n![흐름도](./diagram.png)\n\n![[diagram.png]]\n');
    // An SVG that runs script when opened as a page, one that cannot be parsed, one that is fine, and a linked XML
    // page: content is untrusted.
    writeFileSync(
      join(dir, 'content/evil.svg'),
      `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><x.y:script xmlns:x.y="http://www.w3.org/1999/xhtml">alert(2)</x.y:script><rect width="10" height="10"/></svg>`,
    );
    writeFileSync(join(dir, 'content/broken.svg'), `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect></svg>`);
    writeFileSync(join(dir, 'content/fine.svg'), `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>`);
    writeFileSync(join(dir, 'content/evil.xml'), '<?xml-stylesheet type="text/xsl" href="evil.xsl"?><x/>');
    writeFileSync(
      join(dir, 'content/c.md'),
      '---\ntitle: SVG\nsummary: SVG 그림 문서입니다.\n---\n![악성](./evil.svg)\n\n![정상](./fine.svg)\n\n[피드](./evil.xml)\n\n![깨짐](./broken.svg)\n',
    );
    out = join(dir, 'dist');
    r = astroBuild(out, { WIKI_CONTENT_DIR: join(dir, 'content') });
  });

  test("each tag gets a page at the address its links use, headed with the tag as written ('project/alpha', 'C#', '100%', '.', '../../etc')", () => {
    expect(r.status, r.output).toBe(0);
    const links = [...readFileSync(join(out, 'docs/a/index.html'), 'utf8').matchAll(/href="\/tags\/([^"]+)\/"/g)].map((m) => decodeURIComponent(m[1]!));
    expect(links.sort()).toEqual(tags.map(tagSegment).sort());
    const heading = (segment: string) => /<h1>([^<]*)<\/h1>/.exec(readFileSync(join(out, 'tags', segment, 'index.html'), 'utf8'))?.[1];
    expect(tags.map((t) => heading(tagSegment(t)))).toEqual(['#project/alpha', '#.', '#../../etc', '#&lt;/x&gt;', '#C#', '#?q=1#x', '#100%', '#검색']);
  });

  test('an SVG is published as rebuilt from its parsed tree (no script, no handler); one that cannot be parsed, and a linked XML file, are not: warnings naming file and line', () => {
    expect(r.status, r.output).toBe(0);
    expect(r.output).toMatch(/content\/c\.md:11 image: 그림 \.\/broken\.svg은\(는\) SVG로 읽을 수 없어 올리지 않습니다/);
    expect(r.output).toMatch(/content\/c\.md:9 link: 링크한 파일 \.\/evil\.xml은\(는\) 사이트에 올리지 않는 형식입니다/);
    const html = readFileSync(join(out, 'docs/c/index.html'), 'utf8');
    expect(html).toContain('<span class="missing-image">[이미지 없음: 깨짐]</span>');
    expect(html).toMatch(/<img alt="정상"[^>]* src="\/_astro\/fine\.[\w-]+\.svg"/);
    const published = readdirSync(out, { recursive: true, encoding: 'utf8' });
    expect(published.filter((f) => /evil\.xml|broken/.test(f))).toEqual([]);
    // Astro writes the file and its image service's copy (`evil.hash_hash.svg`): both are rebuilt.
    const evil = published.filter((f) => /evil\.[\w-]+\.svg$/.test(f));
    expect(evil.length).toBeGreaterThan(0);
    for (const path of evil) {
      expect(readFileSync(join(out, path), 'utf8')).toBe(
        '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>\n',
      );
    }
  });

  test('a broken picture is a warning naming file and line, and the page shows the missing-image placeholder; the build succeeds', () => {
    expect(r.status, r.output).toBe(0);
    expect(r.output).toMatch(/content\/b\.md:5 image: 그림 \.\/diagram\.png을\(를\) 읽을 수 없습니다/);
    expect(r.output).toMatch(/content\/b\.md:7 image: 그림 diagram\.png을\(를\) 읽을 수 없습니다/);
    const html = readFileSync(join(out, 'docs/b/index.html'), 'utf8');
    expect(html).toContain(
      '<p><span class="missing-image">[이미지 없음: 흐름도]</span></p>\n<p><span class="missing-image">[이미지 없음: diagram.png]</span></p>',
    );
  });
});

describe('a GitBook space as Git Sync writes it (test/fixtures/gitbook-space)', () => {
  let out: string;
  let r: ReturnType<typeof astroBuild>;
  beforeAll(() => {
    out = join(tempDir('maru-gitbook-'), 'dist');
    r = astroBuild(out, { WIKI_CONTENT_DIR: 'test/fixtures/gitbook-space' });
  });

  test('README.md is the home page, SUMMARY.md gives the reading order, description the summary', () => {
    expect(r.status, r.output).toBe(0);
    const catalog = CatalogSchema.parse(json(join(out, '_wiki/catalog.json')));
    expect(catalog.documents.map((d) => [d.id, d.order, d.summary])).toEqual([
      ['guides/deploy', 2, '배포하는 법'],
      ['guides/onboarding', 3, '첫 주에 할 일'],
      ['readme', 1, '팀 문서의 첫 페이지입니다.'],
    ]);
    const pager = readFileSync(join(out, 'docs/guides/deploy/index.html'), 'utf8');
    expect(pager).toMatch(/rel="next"><span class="pager-label">[^<]*<\/span><span class="pager-title">온보딩<\/span>/);
  });

  test("raw <img> pictures (GitBook's <figure>, one beside the page) and site-absolute ones go through Astro's image pipeline; a .gitbook/ file is published without the dot", () => {
    expect(r.status, r.output).toBe(0);
    const html = readFileSync(join(out, 'docs/guides/onboarding/index.html'), 'utf8');
    // Both pictures are the same 1×1 PNG, so Astro may name both after either file.
    expect(html).toMatch(/<figure><img alt="설치 화면"[^>]* src="\/_astro\/[^"]+\.webp"><figcaption><p>설치가 끝난 화면<\/p><\/figcaption><\/figure>/);
    expect(html).toMatch(/<img alt="옆 그림"[^>]* src="\/_astro\/[^"]+\.webp">/);
    expect(html).toContain('<a href="/_files/_.gitbook/assets/guide.pdf">안내서</a>');
    // A page mention (`[deploy.md](deploy.md "mention")`) and a page card (`{% content-ref %}`) show the page's title.
    expect(html).toContain('<a href="/docs/guides/deploy/">배포</a>');
    // A link to a heading's old anchor (`## 금요일 규칙 <a id="friday">`) lands on the heading's own id.
    expect(html).toContain(`<a href="/docs/guides/deploy/#${encodeURIComponent('금요일-규칙')}">금요일 규칙</a>`);
    // A raw `<a id="rollback">` on another page: the page carries it prefixed (GitHub's `user-content-`), and the link follows.
    expect(html).toContain('<a href="/docs/guides/deploy/#user-content-rollback">되돌리기</a>');
    const deploy = readFileSync(join(out, 'docs/guides/deploy/index.html'), 'utf8');
    expect(deploy).toContain('<a id="user-content-rollback"></a>');
    // On its own page, `#Friday` (the heading's GitBook anchor, in another case) points at the heading's id.
    expect(deploy).toContain(`<a href="#${encodeURIComponent('금요일-규칙')}">규칙 다시 보기</a>`);
    // `#배포` names the page's own `# 배포`, which the layout draws as its heading (no such id): the link goes to the top.
    expect(deploy).toContain('<a href="#top">맨 위로</a>');
    // Formulas (`$…$`, `$$…$$`, ```` ```math ````) are MathML; dollars in prose (`$5 and $10`) stay text.
    expect(deploy).toContain('배포 간격은 <span class="katex"><math xmlns="http://www.w3.org/1998/Math/MathML"><semantics><mrow><msub><mi>t</mi>');
    expect(deploy).toContain('비용은 $5 and $10 사이입니다.');
    expect(deploy.match(/<math xmlns="http:\/\/www.w3.org\/1998\/Math\/MathML" display="block">/g)).toHaveLength(2);
    expect(deploy).toContain('<mfrac><mrow><mi>n</mi>');
    expect(deploy).not.toContain('language-math');
    expect(readFileSync(join(out, 'docs/readme/index.html'), 'utf8')).toContain('<p><a href="/docs/guides/onboarding/">온보딩</a></p>');
    // A site-absolute path, from the content root: Astro takes only relative ones, so it pointed at nothing.
    expect(readFileSync(join(out, 'docs/readme/index.html'), 'utf8')).toMatch(/<img alt="로고"[^>]* src="\/_astro\/[^"]+\.webp">/);
    expect(readFileSync(join(out, '_files/_.gitbook/assets/guide.pdf'), 'utf8')).toBe('%PDF-1.4\n%%EOF\n');
    expect(readFileSync(join(out, 'docs/guides/deploy/index.html'), 'utf8')).toMatch(
      /<div data-callout="caution" class="callout callout-caution" role="note">/,
    );
  });

  test('reusable content (`{% include "../.gitbook/includes/footer.md" %}`) is pasted into the page and the AI-readable Markdown', () => {
    expect(r.status, r.output).toBe(0);
    const html = readFileSync(join(out, 'docs/guides/onboarding/index.html'), 'utf8');
    expect(html).toContain('<p>모든 페이지 아래에 붙는 글입니다.</p>');
    expect(html).not.toContain('{% include');
    const markdown = readFileSync(join(out, '_wiki/docs/guides/onboarding.md'), 'utf8');
    expect(markdown).toContain('# 재사용 블록\n\n모든 페이지 아래에 붙는 글입니다.\n\n[deploy.md]');
  });
});

describe('a Docusaurus docs folder (test/fixtures/docusaurus-docs)', () => {
  test("a project folder's _category_.json (or .yml) names and places the project on the home page, the drawer and the catalog; a broken one is a warning", () => {
    const out = join(tempDir('maru-docusaurus-'), 'dist');
    const r = astroBuild(out, { WIKI_CONTENT_DIR: 'test/fixtures/docusaurus-docs' });
    expect(r.status, r.output).toBe(0);
    const catalog = CatalogSchema.parse(json(join(out, '_wiki/catalog.json')));
    // Projects a category file places (`position`) come first, in its order; the rest by id.
    expect(catalog.projects.map((p) => [p.id, p.title, p.description, p.order])).toEqual([
      ['tutorial-basics', '기초 튜토리얼', '5분 만에 배우는 기본 기능', 2],
      ['tutorial-extras', '더 알아보기', undefined, 3],
      ['drafts-area', undefined, undefined, undefined],
      ['general', undefined, undefined, undefined],
    ]);
    const home = readFileSync(join(out, 'index.html'), 'utf8');
    expect(home).toContain('<h3><a href="/projects/tutorial-basics/">기초 튜토리얼</a></h3><p>5분 만에 배우는 기본 기능</p>');
    // The drawer's project list showed folder names where the cards showed titles.
    expect(home).toContain('<li><a href="/projects/tutorial-extras/">더 알아보기</a></li>');
    expect([...home.matchAll(/<li class="project-card"><h3><a href="\/projects\/([^/]+)\/">/g)].map((m) => m[1])).toEqual([
      'tutorial-basics',
      'tutorial-extras',
      'drafts-area',
      'general',
    ]);
    expect(r.output).toContain('drafts-area/_category_.json:1 category-file: 읽을 수 없습니다');
  });
});

describe('an Azure DevOps wiki (test/fixtures/azure-devops-wiki)', () => {
  test('.order files give each folder its reading order; a ::: mermaid block is code, and its %% comment hides nothing after it', () => {
    const { wiki } = buildArtifacts(join(ROOT, 'test/fixtures/azure-devops-wiki'), tempDir());
    expect(wiki.documents.map((d) => [d.source.id, d.source.order])).toEqual([
      ['home', 2],
      ['team-guide', 1],
      ['team-guide/deploy-process', 1],
      ['team-guide/onboarding', 2],
    ]);
    const deploy = wiki.documents.find((d) => d.source.id === 'team-guide/deploy-process')!;
    expect(deploy.source.markdown.sections.map((s) => s.text)).toEqual(['다이어그램 뒤의 설명도 검색됩니다.']);
    expect(wiki.problems).toEqual([]);
  });
});

describe('a GitHub wiki (test/fixtures/github-wiki)', () => {
  test('pages are titled by their file names with spaces, [[Link text|Page name]] links to the page, and a link to a draft is a warning', () => {
    const { wiki } = buildArtifacts(join(ROOT, 'test/fixtures/github-wiki'), tempDir());
    expect(wiki.documents.map((d) => [d.source.id, d.source.title])).toEqual([
      ['getting-started', 'Getting Started'],
      ['home', 'Home'],
      ['installation-guide', 'Installation Guide'],
      ['release-process', 'Release Process'],
    ]);
    const home = wiki.documents.find((d) => d.source.id === 'home')!;
    expect(home.links).toEqual([{ id: 'getting-started' }, { id: 'installation-guide' }, { id: 'release-process', anchor: '승인' }]);
    expect(wiki.documents.find((d) => d.source.id === 'getting-started')!.links).toEqual([{ id: 'installation-guide' }, { id: 'home' }]);
    // `[[images/a.png|alt=…]]` is a picture on a GitHub wiki, not a link to a page named after the file.
    const guide = wiki.documents.find((d) => d.source.id === 'installation-guide')!.source.markdown;
    expect(guide.images.map((i) => [i.url, i.line])).toEqual([
      ['images/architecture.png', 9],
      ['/images/architecture.png', 11],
    ]);
    // Read as `![설치 구조도](…)` is: no file name or `alt=` in the section's text.
    expect(guide.sections.at(-1)!.text).toBe('');
    expect(wiki.problems.filter((p) => p.field !== 'summary').map((p) => `${p.severity} ${p.path}:${p.line} ${p.message}`)).toEqual([
      'warning Home.md:5 [[작성 중인 계획|Roadmap]]이(가) 가리키는 Roadmap.md은(는) 사이트에 싣지 않는 파일입니다 (초안: status가 draft)',
      'warning _Sidebar.md:1 GitHub 위키의 사이드바·머리글·바닥글 파일이라 문서에 싣지 않았습니다',
    ]);
  });
});

describe('a Docsify folder (test/fixtures/docsify-site)', () => {
  test('README.md is the first page, _sidebar.md the reading order; links to / and to a folder resolve, one to CONTRIBUTING.md is a warning', () => {
    const { wiki } = buildArtifacts(join(ROOT, 'test/fixtures/docsify-site'), tempDir());
    expect(wiki.documents.map((d) => [d.source.id, d.source.order])).toEqual([
      ['faq', 4],
      ['guide/readme', 2],
      ['guide/setup', 3],
      ['readme', 1],
    ]);
    expect(wiki.documents.find((d) => d.source.id === 'faq')!.links).toEqual([{ id: 'readme' }, { id: 'guide/readme' }]);
    const readme = wiki.documents.find((d) => d.source.id === 'readme')!;
    expect(readme.source.markdown.sections[0]!.text).toBe('처음이라면 설치부터 읽으세요.\n기여 안내');
    expect(wiki.problems.filter((p) => p.field !== 'summary').map((p) => `${p.severity} ${p.path}:${p.line} ${p.message}`)).toEqual([
      'warning README.md:5 CONTRIBUTING.md이(가) 가리키는 CONTRIBUTING.md은(는) 사이트에 싣지 않는 파일입니다 (콘텐츠 폴더 맨 위의 저장소 안내 파일)',
      'warning CONTRIBUTING.md:1 콘텐츠 폴더 맨 위의 저장소 안내 파일이라 문서에 싣지 않았습니다',
      'warning _sidebar.md:1 GitBook·mdBook·Docsify의 목차 파일이라 문서에 싣지 않았습니다',
    ]);
  });
});

describe('an Obsidian vault', () => {
  test("#tags in a vault's text are its pages' tags; the same folder without .obsidian/ takes only frontmatter tags", () => {
    const dir = tempDir();
    const vault = join(dir, 'vault');
    mkdirSync(join(vault, '.obsidian'), { recursive: true });
    writeFileSync(join(vault, '.obsidian/app.json'), '{}\n');
    writeFileSync(join(vault, '회의록.md'), '---\ntags: [기록]\n---\n주간 회의 #weekly #project/alpha, 이슈 #123은 닫았다. `#code`\n');
    const tagsOf = (root: string) => buildArtifacts(root, tempDir()).wiki.documents.map((d) => d.source.tags);
    expect(tagsOf(vault)).toEqual([['기록', 'weekly', 'project/alpha']]);
    const plain = join(dir, 'plain');
    mkdirSync(plain);
    writeFileSync(join(plain, '회의록.md'), readFileSync(join(vault, '회의록.md'), 'utf8'));
    expect(tagsOf(plain)).toEqual([['기록']]);
  });

  test('a note embed alone on its line shows the note (or its section) in the page, its search text and the AI-readable Markdown', () => {
    const vault = join(tempDir(), 'vault');
    mkdirSync(join(vault, '규칙'), { recursive: true });
    writeFileSync(join(vault, '규칙/회의 규칙.md'), '# 회의 규칙\n\n## 시간\n\n10분 전에 모인다.\n\n## 기록\n\n기록은 위키에.\n');
    writeFileSync(join(vault, '주간 회의.md'), '# 주간 회의\n\n![[회의 규칙#시간]]\n안건은 [[회의 규칙#없는 곳]]에.\n');
    const out = tempDir();
    const { wiki } = buildArtifacts(vault, out);
    const page = wiki.documents.find((d) => d.source.id === '주간-회의')!;
    expect(page.source.body).toBe('# 주간 회의\n\n> [!embed] [[회의 규칙#시간]]\n> ## 시간\n>\n> 10분 전에 모인다.\n\n안건은 [[회의 규칙#없는 곳]]에.\n');
    expect(page.source.markdown.sections.map((s) => s.text).join(' ')).toContain('10분 전에 모인다.');
    // The embedded note's heading is its own, not the page's: no entry in the page's table of contents, outline or sections.
    expect([page.source.markdown.headings, page.source.markdown.sections.map((s) => s.anchor)]).toEqual([[], ['']]);
    expect(page.linkIds).toEqual(['규칙/회의-규칙']);
    expect(readFileSync(join(out, '_wiki/docs/주간-회의.md'), 'utf8')).toContain('> 10분 전에 모인다.');
    // The link to a missing heading after the embed is reported at its own line of the file as written.
    expect(wiki.problems.map((p) => `${p.path}:${p.line} ${p.field}`)).toEqual(['주간 회의.md:4 anchor']);
  });
});

describe('a Logseq graph (test/fixtures/logseq-graph)', () => {
  test("property lines are left out and the page's own read (title, tags, alias); block references show their block; journals and namespaces get Logseq's titles; logseq/ is no content", () => {
    const out = tempDir();
    const { wiki } = buildArtifacts(join(ROOT, 'test/fixtures/logseq-graph'), out);
    expect(wiki.documents.map((d) => [d.source.id, d.source.title, d.source.tags, d.source.aliases, d.linkIds])).toEqual([
      // The journal's block reference links to the page the block is on (주간 회의).
      ['journals/2024_01_15', '2024-01-15', [], [], ['pages/주간-회의', 'pages/회의___규칙']],
      ['pages/주간-회의', '주간 회의', ['회의', '기록'], ['위클리'], ['pages/회의___규칙']],
      ['pages/회의___규칙', '회의/규칙', [], [], []],
    ]);
    const [journal, weekly] = wiki.documents.map((d) => d.source.body);
    // `{{embed [[회의/규칙]]}}` pastes the page into the block; `{{embed ((id))}}` shows the block's text.
    expect(journal).toBe(
      [
        '- 오늘도 [매주 월요일 10시, 3층 회의실](</pages/주간 회의.md>) 모였다',
        '- TODO 배포 준비',
        '  SCHEDULED: <2024-01-16 Tue>',
        '- > [!embed] [[회의/규칙]]',
        '  > - 10분 전에 모인다',
        '  > - 기록은 위키에 남긴다',
        '- 매주 월요일 10시, 3층 회의실',
        '',
      ].join('\n'),
    );
    expect(weekly).not.toContain('::');
    expect(readFileSync(join(out, '_wiki/docs/pages/주간-회의.md'), 'utf8')).toContain('\t- 안건은 하루 전까지 올린다\n- 규칙은 [[회의/규칙]]에 있다');
    // Lines are those of the file as written: the link to a missing heading is on line 10.
    expect(wiki.problems.map((p) => `${p.path}:${p.line} ${p.field}`)).toEqual(['pages/주간 회의.md:10 anchor']);
  });
});

describe('determinism', () => {
  test('the same content and commit give byte-identical artifacts', () => {
    const [a, b] = [tempDir(), tempDir()];
    buildArtifacts(join(ROOT, 'content'), a);
    buildArtifacts(join(ROOT, 'content'), b);
    const files = listFiles(a);
    expect(files.length).toBeGreaterThan(30);
    expect(listFiles(b)).toEqual(files);
    for (const f of files) expect(sha(join(b, f)), f).toBe(sha(join(a, f)));
    expect(relative(a, a)).toBe('');
  });
});
