// maru init [dir] [--title <t>] [--lang ko|en]: a team's docs folder, ready for `maru build`. Writes only files that
// do not exist (and adds only missing package.json scripts), says what it wrote and what it left; asks nothing.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { planInit, type InitFile } from '../src/lib/write/init-plan.ts';
import { scanContent } from '../src/node/collect.ts';

const TEMPLATES = resolve(import.meta.dirname, '..', existsSync(resolve(import.meta.dirname, '../templates')) ? 'templates' : '../templates');

let parsed;
try {
  parsed = parseArgs({ allowPositionals: true, options: { title: { type: 'string' }, lang: { type: 'string' } } });
} catch (error) {
  console.error(`maru init: ${(error as Error).message}. Usage: maru init [dir] [--title <title>] [--lang ko|en]`);
  process.exit(2);
}
const { values, positionals } = parsed;
if (positionals.length > 1 || (values.lang !== undefined && values.lang !== 'ko' && values.lang !== 'en')) {
  console.error('maru init: Usage: maru init [dir] [--title <title>] [--lang ko|en]');
  process.exit(2);
}
const dir = resolve(positionals[0] ?? '.');
mkdirSync(dir, { recursive: true });

/** The first folder of these that already holds Markdown documents: adopted instead of writing starter pages. */
const existing = ['content', 'docs', 'wiki', '.'].find((folder) => {
  const root = join(dir, folder);
  return existsSync(root) && scanContent(root).paths.length > 0;
});
const version = (JSON.parse(readFileSync(resolve(TEMPLATES, '../package.json'), 'utf8')) as { version: string }).version;
const readTemplate = (name: string) => readFileSync(join(TEMPLATES, name), 'utf8');
const plan = planInit({
  name: basename(dir),
  ...(values.title ? { title: values.title } : {}),
  lang: values.lang === 'en' ? 'en' : 'ko',
  ...(existing ? { adopt: existing } : {}),
  version,
  template: readTemplate,
  exists: (path) => existsSync(join(dir, path)),
  packageJson: existsSync(join(dir, 'package.json')) ? readFileSync(join(dir, 'package.json'), 'utf8') : undefined,
});

const show = (path: string) => relative(process.cwd(), join(dir, path)) || '.';
for (const file of plan.files satisfies InitFile[]) {
  mkdirSync(dirname(join(dir, file.path)), { recursive: true });
  writeFileSync(join(dir, file.path), file.text, { flag: file.path === 'package.json' ? 'w' : 'wx' });
  console.log(`${file.path === 'package.json' && plan.packageJsonExisted ? 'updated' : 'wrote'}  ${show(file.path)}`);
}
for (const path of plan.kept) console.log(`kept   ${show(path)} (exists; not overwritten)`);
if (existing) console.log(`\nAdopted the Markdown in ${show(existing)}: no starter pages written.`);
console.log(
  plan.files.length
    ? `\nNext: npm install, then npm run dev (preview) or npm run build (site and _wiki/* in ./dist).`
    : '\nNothing written: every file maru init makes is already there.',
);
