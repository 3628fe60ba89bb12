// npm run build [-- astro build options]: `astro build` with the V8 flags of every Maru build (src/node/build-process.ts).
import { spawnAstroBuild } from '../src/node/build-process.ts';

const run = spawnAstroBuild(process.argv.slice(2), { stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });
if (run.error) throw run.error;
process.exitCode = run.status ?? 1;
