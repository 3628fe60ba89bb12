// npm run new -- --title "제목" --project search --category guide [--tags a,b] [--id x] [--summary "…"]
// Missing fields are asked for when run in a terminal. Writes <content>/<project>/<id>.md and never overwrites.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { newDocument } from '../src/lib/write/new-document.ts';
import { contentRoot } from '../src/node/collect.ts';
import { loadWiki, siteConfig } from '../src/node/wiki-build.ts';

const { values } = parseArgs({
  options: {
    title: { type: 'string' },
    project: { type: 'string' },
    category: { type: 'string' },
    tags: { type: 'string' },
    id: { type: 'string' },
    summary: { type: 'string' },
    content: { type: 'string' },
  },
});
const config = siteConfig();
const root = values.content ?? contentRoot();
const wiki = loadWiki(root, config, '/');
const ask = process.stdin.isTTY ? createInterface({ input: process.stdin, output: process.stderr }) : undefined;
const need = async (value: string | undefined, question: string, fallback?: string) =>
  value ?? (ask ? (await ask.question(question)) || fallback : fallback) ?? '';

const title = await need(values.title, '제목: ');
const project = await need(values.project, `프로젝트 (${[...new Set(wiki.documents.map((d) => d.source.project))].join(', ')}): `, 'general');
const category = await need(values.category, `분류 (${config.categories.join(', ')}): `, 'reference');
const tags = (await need(values.tags, '태그 (쉼표로 구분): ', ''))
  .split(',')
  .map((t) => t.trim())
  .filter(Boolean);
ask?.close();

const ids = new Set([...wiki.documents.map((d) => d.source.id as string), ...wiki.dropped.map((d) => d.id)]);
const result = newDocument(
  { title, project, category, tags, id: values.id, summary: values.summary, date: new Date().toISOString().slice(0, 10) },
  { ids, categories: config.categories },
);
if ('errors' in result) {
  for (const e of result.errors) console.error(e);
  process.exit(1);
}
const file = join(root, result.path);
if (existsSync(file)) {
  console.error(`${relative(process.cwd(), file)}: 파일이 이미 있습니다. 다른 --id를 주세요.`);
  process.exit(1);
}
mkdirSync(dirname(file), { recursive: true });
writeFileSync(file, result.text, { flag: 'wx' });
console.log(`${relative(process.cwd(), file)} 을(를) 만들었습니다 (id: ${result.id}).`);
