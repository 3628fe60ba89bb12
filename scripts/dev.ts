// maru dev [astro dev options]: Astro's dev server over the project folder with Maru's site (src/node/build-process.ts);
// an edited Markdown file is re-read by the maru integration and the open page reloads (src/integrations/maru.ts).
import { spawn } from 'node:child_process';
import { astroBin, buildEnv, projectArgs } from '../src/node/build-process.ts';

const child = spawn(process.execPath, [astroBin(), 'dev', ...projectArgs(process.argv.slice(2))], { stdio: 'inherit', env: buildEnv() });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 1));
