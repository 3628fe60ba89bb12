import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { ROOT } from './helpers/astro.ts';

test('the npm scripts that run astro turn its telemetry off, and so does the config every astro run loads', () => {
  const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const astro = Object.entries(scripts).filter(([, cmd]) => /(^|\s)astro\s/.test(cmd));
  expect(astro.map(([name]) => name).sort()).toEqual(['dev', 'preview']);
  for (const [name, cmd] of astro) expect(cmd, name).toMatch(/^ASTRO_TELEMETRY_DISABLED=1 astro /);
  // `npm run build` starts astro from a script, with the build's V8 flags (src/node/build-process.ts) and telemetry off.
  expect(scripts.build).toBe('node scripts/build.ts');
  expect(readFileSync(join(ROOT, 'scripts/build.ts'), 'utf8')).toContain("ASTRO_TELEMETRY_DISABLED: '1'");
  // `npm run typecheck` runs astro check from a script too, so that npm test can leave its type generation out.
  expect(scripts.typecheck).toBe('node scripts/typecheck.ts');
  expect(readFileSync(join(ROOT, 'scripts/typecheck.ts'), 'utf8')).toContain("ASTRO_TELEMETRY_DISABLED: '1'");
  expect(readFileSync(join(ROOT, 'astro.config.mjs'), 'utf8')).toContain("process.env.ASTRO_TELEMETRY_DISABLED ??= '1';");
});
