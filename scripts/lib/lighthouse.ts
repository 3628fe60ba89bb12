// Lighthouse (mobile preset) on Debian's Chromium, for `npm run bench:lighthouse` and the accessibility test.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

/** Flags for Lighthouse's Chromium: headless, and nothing that phones home or updates itself. */
export const LIGHTHOUSE_CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

/** The four category scores of one page, 0–100. */
export interface PageScores {
  url: string;
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  /** Failed audits of the accessibility category (ids), to say why a score dropped. */
  accessibilityFailures: string[];
  /** Total blocking time and largest contentful paint (ms), and what held the main thread, to say why performance moved. */
  metrics: { tbt: number | null; lcp: number | null; mainThread: string[] };
}

interface Details {
  items?: Record<string, unknown>[];
}

/** The main thread's largest costs (`bootup-time` by script, `mainthread-work-breakdown` by kind), as short lines. */
function mainThread(audits: Record<string, { details?: unknown; numericValue?: number }>): string[] {
  const byScript = ((audits['bootup-time']?.details as Details | undefined)?.items ?? [])
    .filter((i) => Number(i['total']) >= 50)
    .map((i) => `${String(i['url']).replace(/^https?:\/\/[^/]+/, '')} ${Math.round(Number(i['total']))} ms (script ${Math.round(Number(i['scripting']))})`);
  const byKind = ((audits['mainthread-work-breakdown']?.details as Details | undefined)?.items ?? [])
    .filter((i) => Number(i['duration']) >= 50)
    .map((i) => `${String(i['groupLabel'] ?? i['group'])} ${Math.round(Number(i['duration']))} ms`);
  return [...byKind, ...byScript];
}

export type Category = 'performance' | 'accessibility' | 'best-practices' | 'seo';

/** Audits each URL in turn in one Chromium (mobile preset: emulated phone, throttled network and CPU). */
export async function audit(
  urls: readonly string[],
  categories: readonly Category[] = ['performance', 'accessibility', 'best-practices', 'seo'],
): Promise<PageScores[]> {
  const chrome = await launch({ chromePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', chromeFlags: LIGHTHOUSE_CHROME_FLAGS, logLevel: 'silent' });
  try {
    const out: PageScores[] = [];
    // Only scores are read: the report's full-page screenshot is never used (it took about a fifth of an accessibility
    // audit's time). The blank page before each URL resets the browser for timing, so it is skipped only without performance.
    const flags = { disableFullPageScreenshot: true, skipAboutBlank: !categories.includes('performance') };
    for (const url of urls) {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...categories], ...flags });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { categories: c, audits } = result.lhr;
      const score = (id: string) => {
        const s = c[id]?.score;
        return s === null || s === undefined ? null : Math.round(s * 100);
      };
      const failures = (c['accessibility']?.auditRefs ?? []).filter((r) => r.weight > 0 && audits[r.id]?.score === 0).map((r) => r.id);
      out.push({
        url,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        accessibilityFailures: failures,
        metrics: {
          tbt: audits['total-blocking-time']?.numericValue ?? null,
          lcp: audits['largest-contentful-paint']?.numericValue ?? null,
          mainThread: mainThread(audits),
        },
      });
    }
    return out;
  } finally {
    chrome.kill();
  }
}
