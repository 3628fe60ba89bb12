// Issue 42, the second red team's vectors end to end (fixtures: test/fixtures/security/redteam-2): SVG pictures that
// hide script under namespace prefixes, formulas whose macros multiply their text, drafts pulled in by every include
// syntax (in code too), a raw `name` equal to a heading id; built by the real `astro build`, served by `npm start`'s
// static handler and opened in Chromium; and the same drafts and formulas through `remember_knowledge`. The HTTP
// vectors (slow bodies, deep JSON, connection floods) are in server-admission.test.ts, on real sockets.
import { cpSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Client } from '@modelcontextprotocol/client';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { listen } from '../../mcp/http/listen.ts';
import { createStaticHandler } from '../../mcp/http/static.ts';
import { launch } from '../browser/browser.ts';
import { sharedBuild } from '../helpers/astro.ts';
import { buildFixture, connectStdio, removeDir, textOf } from '../mcp/helpers.ts';

const CONTENT = fileURLToPath(new URL('../fixtures/security/redteam-2/', import.meta.url));
const SECRET = '초안-비밀-문장-42';
const SVGS = ['prefix-dot', 'prefix-letter', 'prefix-middle-dot', 'iframe-srcdoc', 'embed', 'meta-refresh', 'form', 'handlers'];

let build: Awaited<ReturnType<typeof sharedBuild>>;
const files = () => readdirSync(build.dir, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(join(build.dir, f)).isFile());
const page = (id: string) => readFileSync(join(build.dir, 'docs', id, 'index.html'), 'utf8');

beforeAll(async () => {
  build = await sharedBuild('/', { WIKI_CONTENT_DIR: CONTENT });
}, 300_000);

describe('the build of hostile content', () => {
  test('succeeds (the formula bombs included), warning about each vector with file and line', () => {
    expect(build.status, build.output).toBe(0);
    expect(build.output).toMatch(/redteam-2\/svg\.md:22 image: 그림 \.\/svg\/broken\.svg은\(는\) SVG로 읽을 수 없어 올리지 않습니다/);
    for (const line of [8, 12, 16]) {
      expect(build.output).toContain(
        `redteam-2/math.md:${line} math: 수식이 그리기 예산을 넘어 TeX 원문 그대로 보입니다: 수식을 펼치면 토큰이 50,000개를 넘습니다`,
      );
    }
    // Ten include lines of eight syntaxes (two mdBook ones in code blocks), each refused at its line.
    const refused = [...build.output.matchAll(/redteam-2\/includes\.md:(\d+) content: .*는 초안이라 펼치지 않았습니다/g)].map((m) => Number(m[1]));
    expect(refused).toEqual([9, 13, 16, 18, 20, 22, 24, 26, 28, 30]);
  });

  test("no file of the site holds a draft's text: pages, _wiki/docs/*.md, llms-full.txt", () => {
    const leaking = files().filter((f) => !f.endsWith('.webp') && !f.endsWith('.png') && readFileSync(join(build.dir, f), 'utf8').includes(SECRET));
    expect(leaking).toEqual([]);
  });

  test('every SVG is published as what the allow list keeps: the drawing, without script, frames, embeds, meta, forms or handlers', () => {
    for (const name of SVGS) {
      // Astro writes the file and its image service's copy (`name.hash_hash.svg`): both are rebuilt.
      const published = files().filter((f) => new RegExp(`^_astro/${name}\\.[\\w-]+\\.svg$`).test(f));
      expect(published.length, name).toBeGreaterThan(0);
      for (const path of published) {
        const svg = readFileSync(join(build.dir, path), 'utf8');
        expect(svg, path).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
        expect(svg, path).not.toMatch(/script|iframe|srcdoc|embed|meta|form|onload|onclick|javascript|xhtml/i);
      }
    }
    expect(files().filter((f) => /broken/.test(f))).toEqual([]);
    expect(page('svg')).toContain('<span class="missing-image">[이미지 없음: 깨진 그림]</span>');
  });

  test('the formula bombs show their TeX as code; the ordinary formula is drawn', () => {
    const html = page('math');
    expect(html.match(/<math /g)).toHaveLength(1);
    expect(html.match(/<code class="math-source">\\def\\z\{a{900}\}/g)).toHaveLength(3);
  });

  test('a raw name or id equal to a heading id is prefixed; the heading keeps its id', () => {
    const html = page('clobber');
    expect(html).toContain('id="body"');
    expect(html).toContain('name="user-content-body"');
    expect(html).toContain('id="user-content-body"');
    expect(html).not.toMatch(/<(img|form|a)\b[^>]*\s(name|id)="(body|forms)"/);
  });
});

describe('the published SVGs opened by their address, as npm start serves them, in Chromium', () => {
  let server: Server;
  let url: string;
  let browser: Browser;
  beforeAll(async () => {
    ({ server, url } = await listen(createStaticHandler(build.dir, '/'), '127.0.0.1', 0));
    browser = await launch();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  test('run no script and ask for nothing else; each is sent with a CSP that would stop script anyway', async () => {
    const context = await browser.newContext();
    const dialogs: string[] = [];
    const requests: string[] = [];
    context.on('request', (r) => requests.push(new URL(r.url()).pathname));
    for (const name of SVGS) {
      const path = files().find((f) => new RegExp(`^_astro/${name}\\.[\\w-]+\\.svg$`).test(f))!;
      const p = await context.newPage();
      p.on('dialog', (d) => {
        dialogs.push(`${name}: ${d.message()}`);
        void d.dismiss();
      });
      const res = await p.goto(`${url}/${path}`);
      expect([res?.status(), res?.headers()['content-security-policy'], res?.headers()['x-content-type-options']], name).toEqual([
        200,
        "default-src 'none'; style-src 'unsafe-inline'",
        'nosniff',
      ]);
      await p.waitForTimeout(300);
      await p.close();
    }
    await context.close();
    expect(dialogs).toEqual([]);
    expect(requests.filter((r) => !r.startsWith('/_astro/') || !r.endsWith('.svg'))).toEqual([]);
  });
});

describe('remember_knowledge with the same vectors', () => {
  let tmp: string;
  let dist: string;
  let client: Client;
  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'maru-redteam-'));
    const content = join(tmp, 'content');
    cpSync(CONTENT, content, { recursive: true });
    dist = buildFixture(content);
    client = await connectStdio(dist, 'legacy', ['--allow-write', content, '--no-watch']);
  }, 120_000);
  afterAll(async () => {
    await client?.close();
    if (tmp) removeDir(tmp);
    if (dist) removeDir(dist);
  });

  test('a document that includes a draft (mdBook, in a code block) is saved, and reading it back gives no draft text', async () => {
    const saved = await client.callTool({
      name: 'remember_knowledge',
      arguments: {
        title: '초안을 부르는 문서',
        content: '# 초안을 부르는 문서\n\n```md\n{{#include draft.md}}\n```\n\n<!--@include: ./draft.md-->\n',
        project: 'operations',
      },
    });
    expect(saved.isError, textOf(saved)).toBeFalsy();
    const id = /^created (\S+) /.exec(textOf(saved))![1]!;
    const read = textOf(await client.callTool({ name: 'read_knowledge', arguments: { document_id: id } }));
    expect(read).toContain('초안을 부르는 문서');
    expect(read).not.toContain(SECRET);
  });

  test('a formula bomb is saved and the answer says the site shows it as TeX, naming the line', async () => {
    const bomb = readFileSync(join(CONTENT, 'math.md'), 'utf8').split('$$\n')[1]!.trim();
    const saved = await client.callTool({
      name: 'remember_knowledge',
      arguments: { title: '수식 하나', content: `# 수식 하나\n\n$$\n${bomb}\n$$\n`, project: 'operations' },
    });
    expect(saved.isError, textOf(saved)).toBeFalsy();
    expect(textOf(saved)).toMatch(/The site shows 1 formula\(s\) as TeX source: \S+\.md:\d+ math: 수식이 그리기 예산을 넘어 TeX 원문 그대로 보입니다/);
  });
});
