// npm run build [-- astro build options]: `astro build` with the V8 flags of every Maru build (src/node/build-process.ts),
// into a folder beside the output that replaces it only when the build succeeds (src/node/staged-output.ts).
import { spawnAstroBuild } from '../src/node/build-process.ts';
import { buildStaged, outDirOf, withOutDir } from '../src/node/staged-output.ts';

const args = process.argv.slice(2);
let status = 1;
buildStaged(outDirOf(args), (outDir) => {
  const run = spawnAstroBuild(withOutDir(args, outDir), { stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });
  if (run.error) throw run.error;
  status = run.status ?? 1;
  return status === 0;
});
process.exitCode = status;
