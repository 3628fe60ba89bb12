// `maru dev` as an author meets it: a folder of Markdown served live, a page open in Chromium, a file saved, and the
// open page showing the new text by itself, from the same server process.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../scripts/lib/chromium.ts';
import { startDevServer, type DevServer } from '../scripts/lib/dev-server.ts';
import { cleanEnv, ROOT, runFolder, tempDir } from './helpers/astro.ts';
import { logHeavy } from './helpers/once-per-run.ts';

const PAGE = `---
id: deploy
title: 배포 안내
---

# 배포 안내

배포는 금요일 오후에 하지 않습니다.
`;

let content = '';
let project = '';
let server: DevServer;
let browser: Browser;
let page: Page;
const consoleLines: string[] = [];

beforeAll(async () => {
  content = tempDir('maru-dev-content-');
  mkdirSync(join(content, 'guide'));
  writeFileSync(join(content, 'guide/deploy.md'), PAGE);
  writeFileSync(join(content, 'README.md'), '# 우리 팀 위키\n\n팀의 문서입니다.\n');
  // The project folder (the team's repository) inside this checkout, so that Astro finds Maru's packages from it, as
  // it does from an installed team folder's node_modules; the content is the temporary folder above.
  const parent = runFolder('dev-roots');
  mkdirSync(parent, { recursive: true });
  project = mkdtempSync(join(parent, 'team-'));
  // The team's config: a logo from the content folder and two links of its own in the header (the title from the README).
  mkdirSync(join(content, 'images'));
  writeFileSync(join(content, 'images/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="#c33"/></svg>');
  writeFileSync(
    join(project, 'maru.config.ts'),
    "export default { logo: 'images/logo.svg', nav: [{ text: '온보딩', link: '/docs/deploy/' }, { text: 'GitHub', link: 'https://github.com/acme/docs' }] };\n",
  );
  server = await startDevServer(join(ROOT, 'bin/maru.ts'), ['dev', '--content', content], {
    cwd: project,
    env: { ...cleanEnv(), MARU_CACHE_DIR: join(project, '.cache') },
  });
  logHeavy('Chromium launch');
  browser = await launchChromium();
});

afterEach((context) => {
  // A failure here is a timeout; what the server and the page said is the explanation.
  if (context.task.result?.state === 'fail') console.error(`maru dev said:\n${server.log()}\n\nthe page's console:\n${consoleLines.join('\n')}`);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('maru dev', () => {
  it("shows the team's config (logo and nav) and an edited Markdown file in the open page without a restart of the server", async () => {
    page = await browser.newPage();
    page.on('console', (m) => consoleLines.push(`${m.type()}: ${m.text()}`));
    // Vite's client says so in the console once its socket is open: an edit made before that would not reach the page.
    const connected = page.waitForEvent('console', { predicate: (m) => m.text().includes('[vite] connected'), timeout: 120_000 });
    await page.goto(`${server.origin}/docs/deploy/`);
    await connected;
    expect(await page.locator('article').innerText()).toContain('배포는 금요일 오후에 하지 않습니다.');
    // The site's title comes from the content's README, not from Maru's example wiki.
    expect(await page.title()).toContain('우리 팀 위키');
    // The config's logo, served from the content folder, and its links after the header's own.
    const logo = page.locator('header .brand img');
    expect(await logo.getAttribute('src')).toBe('/_files/images/logo.svg');
    expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const navLinks = await page.locator('header .site-nav a').evaluateAll((links) => links.map((a) => [a.textContent?.trim(), a.getAttribute('href')]));
    expect(navLinks.slice(-2)).toEqual([
      ['온보딩', '/docs/deploy/'],
      ['GitHub', 'https://github.com/acme/docs'],
    ]);

    const pid = server.child.pid;
    // Astro's data store as the server's start wrote it (its writes wait 0.5 s after the last change).
    const store = join(project, '.astro/data-store.json');
    await expect.poll(() => existsSync(store) && readFileSync(store, 'utf8').includes('배포는 금요일 오후에 하지 않습니다.'), { timeout: 10_000 }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const stored = readFileSync(store, 'utf8');
    const file = join(content, 'guide/deploy.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('금요일 오후에', '목요일 오전에'));
    await page.waitForFunction(() => document.querySelector('article')?.textContent?.includes('배포는 목요일 오전에 하지 않습니다.'), undefined, {
      timeout: 60_000,
    });

    expect(await page.locator('article').innerText()).not.toContain('금요일');
    // The page read the saved text from the server's memory: the data store (tens of MB on a large wiki) was not written again.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(readFileSync(store, 'utf8')).toBe(stored);
    // The same server answered: it is still running, and Astro started once.
    expect(server.child.pid).toBe(pid);
    expect(server.child.exitCode).toBe(null);
    expect(server.log().match(/ready in \d+ ms/g)).toHaveLength(1);
  });

  it("shows a new file, its title changed and the file deleted in the open page's sidebar, and a link to it from the page", async () => {
    const sidebar = () => page.locator('nav.doc-sidebar').innerText();
    // A page expression, evaluated until true (each save makes Astro reload the page).
    const waitFor = (check: string) => page.waitForFunction(check, undefined, { timeout: 60_000, polling: 250 });
    const rollback = join(content, 'guide/rollback.md');
    writeFileSync(rollback, '---\nid: rollback\ntitle: 롤백 절차\n---\n\n되돌리는 방법입니다.\n');
    await waitFor(`document.querySelector('nav.doc-sidebar')?.textContent?.includes('롤백 절차')`);
    expect(await sidebar()).toContain('롤백 절차');
    // The new document has its own page (Astro's list of the pages' addresses was renewed), with its text.
    const added = await fetch(`${server.origin}/docs/rollback/`);
    expect([added.status, (await added.text()).includes('되돌리는 방법입니다.')]).toEqual([200, true]);

    // A link to the new page from the open one, then the new page's title changed: the link's label follows.
    const deploy = join(content, 'guide/deploy.md');
    writeFileSync(deploy, `${readFileSync(deploy, 'utf8')}\n먼저 [[rollback]]을 읽습니다.\n`);
    await waitFor(`document.querySelector('article .prose a[href="/docs/rollback/"]')?.textContent === '롤백 절차'`);
    writeFileSync(rollback, '---\nid: rollback\ntitle: 되돌리기\n---\n\n되돌리는 방법입니다.\n');
    await waitFor(`document.querySelector('article .prose a[href="/docs/rollback/"]')?.textContent === '되돌리기'`);
    expect(await sidebar()).toContain('되돌리기');
    expect(await sidebar()).not.toContain('롤백 절차');

    // Deleted (with the link taken out first: a broken link is an error, and dev keeps the last good wiki then).
    writeFileSync(deploy, readFileSync(deploy, 'utf8').replace('\n먼저 [[rollback]]을 읽습니다.\n', ''));
    await waitFor(`!document.querySelector('article .prose a[href="/docs/rollback/"]')`);
    rmSync(rollback);
    await waitFor(`!document.querySelector('nav.doc-sidebar')?.textContent?.includes('되돌리기')`);
    expect(await sidebar()).not.toContain('되돌리기');
    expect((await fetch(`${server.origin}/docs/rollback/`)).status).toBe(404);
    expect(server.log().match(/ready in \d+ ms/g)).toHaveLength(1);
  });

  it('reloads a tab that missed the reload notice (it had no connection to the server when the save went out)', async () => {
    const tab = await browser.newPage();
    tab.on('console', (m) => consoleLines.push(`missed tab ${m.type()}: ${m.text()}`));
    // Without Vite's client the tab has no connection at all, as a tab still loading its page when the notice went out.
    await tab.route('**/@vite/client', (route) => route.abort());
    try {
      await tab.goto(`${server.origin}/docs/deploy/`);
      expect(await tab.locator('article').innerText()).not.toContain('알림을 놓친 탭도');
      const file = join(content, 'guide/deploy.md');
      writeFileSync(file, `${readFileSync(file, 'utf8')}\n알림을 놓친 탭도 새로 읽습니다.\n`);
      await tab.waitForFunction(() => document.querySelector('article')?.textContent?.includes('알림을 놓친 탭도 새로 읽습니다.'), undefined, {
        timeout: 60_000,
      });
    } finally {
      await tab.close();
    }
  });
});
