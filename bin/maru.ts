#!/usr/bin/env node
// maru <command> [...args]: the project's commands under one name (maru new, maru check, maru diff, maru mcp).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const COMMANDS: Record<string, string> = {
  new: 'scripts/new.ts',
  check: 'scripts/check.ts',
  diff: 'scripts/diff.ts',
  mcp: 'mcp/cli.ts',
  artifacts: 'scripts/artifacts.ts',
};
const [command, ...args] = process.argv.slice(2);
const script = command ? COMMANDS[command] : undefined;
if (!script) {
  console.error(`Usage: maru <${Object.keys(COMMANDS).join('|')}> [...args]`);
  process.exit(2);
}
const r = spawnSync(process.execPath, [join(root, script), ...args], { stdio: 'inherit' });
process.exit(r.status ?? 1);
