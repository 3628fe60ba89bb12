// Debian's Chromium and `npm start` for the benchmarks and the browser tests, defined once.
import { spawn, type ChildProcess } from 'node:child_process';
import { chromium, type Browser } from 'playwright-core';

/** Chromium flags that work in this container and in CI. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launches Debian's Chromium (`CHROMIUM_PATH`, default /usr/bin/chromium), never a downloaded one. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** Runs `npm start` (scripts/start.ts) on a free port with `args`; resolves with its origin once it says where the site is. */
export async function startSite(args: readonly string[]): Promise<{ origin: string; server: ChildProcess }> {
  const server = spawn(process.execPath, ['scripts/start.ts', ...args], { env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'ignore', 'pipe'] });
  const origin = await new Promise<string>((resolve, reject) => {
    let err = '';
    server.stderr.on('data', (d: Buffer) => {
      err += d.toString();
      const m = /site (http:\/\/127\.0\.0\.1:\d+)\//.exec(err);
      if (m) resolve(m[1]!);
    });
    server.on('exit', () => reject(new Error(err)));
  });
  return { origin, server };
}
