import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { ROOT } from './helpers/astro.ts';

const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

test('the npm scripts that run astro turn its telemetry off, and so does the config every astro run loads', () => {
  const astro = Object.entries(scripts).filter(([, cmd]) => /(^|\s)astro\s/.test(cmd));
  expect(astro.map(([name]) => name).sort()).toEqual(['preview']);
  for (const [name, cmd] of astro) expect(cmd, name).toMatch(/^ASTRO_TELEMETRY_DISABLED=1 astro /);
  // Every `maru` command's process gets telemetry off from bin/maru.ts; `npm run build`'s script sets it again for the
  // tests, which start scripts/build.ts directly.
  expect(readFileSync(join(ROOT, 'bin/maru.ts'), 'utf8')).toContain("const env: NodeJS.ProcessEnv = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };");
  expect(readFileSync(join(ROOT, 'scripts/build.ts'), 'utf8')).toContain("ASTRO_TELEMETRY_DISABLED: '1'");
  // `npm run typecheck` runs astro check from a script too, so that npm test can leave its type generation out.
  expect(scripts.typecheck).toBe('node scripts/typecheck.ts');
  expect(readFileSync(join(ROOT, 'scripts/typecheck.ts'), 'utf8')).toContain("ASTRO_TELEMETRY_DISABLED: '1'");
  expect(readFileSync(join(ROOT, 'astro.config.mjs'), 'utf8')).toContain("process.env.ASTRO_TELEMETRY_DISABLED ??= '1';");
});

test("this repository's own commands are a team's: npm run build, dev, start, check, new, diff go through the maru CLI", () => {
  const own = ['build', 'dev', 'start', 'check', 'new', 'diff', 'artifacts', 'pr-comment'];
  expect(Object.fromEntries(own.map((name) => [name, scripts[name]]))).toEqual(Object.fromEntries(own.map((name) => [name, `node bin/maru.ts ${name}`])));
});
