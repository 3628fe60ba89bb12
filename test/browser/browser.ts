import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

import { launchChromium } from '../../scripts/lib/chromium.ts';
import { logHeavy } from '../helpers/once-per-run.ts';

export { CHROMIUM_ARGS } from '../../scripts/lib/chromium.ts';

/** Chromium as the site's tests drive it (`launchChromium`), counted in the run's heavy work. */
export function launch(): ReturnType<typeof launchChromium> {
  logHeavy('Chromium launch');
  return launchChromium();
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** A rule violation as reported by axe-core, reduced to what a failure message needs. */
export interface Violation {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/** Runs axe-core on the page and returns its serious and critical violations. */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  // evaluate, not addScriptTag: the site's CSP forbids inline script, and DevTools evaluation is exempt from it.
  await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact?: string | null; help: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
}
