// npm run diff -- <base-build> <head-build> [--json]: what a pull request did to the wiki, from two builds' catalogs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CatalogSchema } from '../src/lib/artifacts/schema.ts';
import { diffCatalogs, diffToMarkdown } from '../src/lib/review/knowledge-diff.ts';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { json: { type: 'boolean', default: false } } });
if (positionals.length !== 2) {
  console.error('Usage: npm run diff -- <base-build-dir> <head-build-dir> [--json]  (each holds _wiki/catalog.json)');
  process.exit(2);
}
const load = (dir: string) => {
  const path = join(dir, '_wiki/catalog.json');
  try {
    return CatalogSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  } catch (error) {
    console.error(`Cannot read ${path}: ${(error as Error).message.split('\n')[0]}. Build it with \`npm run build\` or \`npm run artifacts\`.`);
    process.exit(2);
  }
};
const diff = diffCatalogs(load(positionals[0]!), load(positionals[1]!));
process.stdout.write(values.json ? `${JSON.stringify(diff, null, 2)}\n` : diffToMarkdown(diff));
