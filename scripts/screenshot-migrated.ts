// Screenshots of a page migrated from VitePress (test/fixtures/vitepress): containers, marked code lines, a folder
// landing page, previous/next. Usage: node scripts/screenshot-migrated.ts [outDir]   (default docs/screenshots)
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { launchChromium, startSite } from './lib/chromium.ts';

const out = resolve(process.argv[2] ?? 'docs/screenshots');
const tmp = mkdtempSync(join('node_modules/.cache', 'maru-migrated-'));
const dist = resolve(tmp, 'dist');
const env = { ...process.env, WIKI_CONTENT_DIR: 'test/fixtures/vitepress', BASE_PATH: '/', MARU_CACHE_DIR: resolve(tmp, 'cache') };
const built = spawnSync(process.execPath, ['scripts/build.ts', '--outDir', dist], { env, stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);

const { origin, server } = await startSite(['--site', dist, '--no-watch']);
const browser = await launchChromium();
try {
  mkdirSync(out, { recursive: true });
  const shots = [
    { name: 'migrated-config', path: 'docs/guide/config/', width: 1440, height: 900, scheme: 'light' as const },
    { name: 'migrated-config-390', path: 'docs/guide/config/', width: 390, height: 844, scheme: 'dark' as const },
    { name: 'migrated-landing', path: 'docs/guide/', width: 1440, height: 900, scheme: 'dark' as const },
  ];
  for (const shot of shots) {
    const page = await browser.newPage({ viewport: { width: shot.width, height: shot.height }, colorScheme: shot.scheme });
    await page.goto(`${origin}/${shot.path}`);
    await page.screenshot({ path: join(out, `${shot.name}-${shot.scheme}.png`), fullPage: true });
    await page.close();
    console.log(`${shot.name}-${shot.scheme}.png`);
  }
} finally {
  await browser.close();
  server.kill();
  rmSync(tmp, { recursive: true, force: true });
}
