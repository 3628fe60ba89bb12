// npm run report:misses -- <log.jsonl> [--artifacts dist] [--out report.md]
// Groups the searches that found nothing (from --log-misses) into a Korean Markdown report on stdout.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CatalogSchema } from '../src/lib/artifacts/schema.ts';
import { parseMissLog } from '../src/lib/misses/misses.ts';
import { renderMissReport, type NamedDocument } from '../src/lib/misses/report.ts';

const USAGE = 'Usage: npm run report:misses -- <log.jsonl> [--artifacts dist] [--out report.md]';

function main(argv: string[]): number {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { artifacts: { type: 'string' }, out: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length !== 1) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const log = positionals[0]!;
  if (!existsSync(log)) {
    console.error(`report:misses: ${log} does not exist. Start the server with --log-misses ${log} first.`);
    return 1;
  }
  const { entries, skipped } = parseMissLog(readFileSync(log, 'utf8'));
  const docs = values.artifacts === undefined ? undefined : readDocuments(values.artifacts);
  if (docs instanceof Error) {
    console.error(`report:misses: ${docs.message}`);
    return 1;
  }
  const report = renderMissReport(entries, docs ?? [], { skipped, haveDocuments: docs !== undefined });
  if (values.out) writeFileSync(values.out, report);
  else process.stdout.write(report);
  return 0;
}

/** Titles and aliases of the built documents, for alias suggestions. */
function readDocuments(dist: string): NamedDocument[] | Error {
  const file = join(dist, '_wiki', 'catalog.json');
  try {
    return CatalogSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).documents.map((d) => ({ id: d.id, title: d.title, aliases: d.aliases }));
  } catch (e) {
    return new Error(`cannot read ${file}: ${(e as Error).message.split('\n')[0]}. Run \`npm run build\` or pass the right --artifacts folder.`);
  }
}

process.exitCode = main(process.argv.slice(2));
