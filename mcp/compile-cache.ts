import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where the server keeps V8's compiled code between starts: the user's own cache folder, never the system's shared
 * temporary folder (Node's default), where another account on the same machine could plant code the next start would
 * run. `NODE_COMPILE_CACHE` still wins, and `NODE_DISABLE_COMPILE_CACHE=1` turns the cache off, as Node documents.
 */
export function compileCacheDir(
  env: Readonly<Record<string, string | undefined>> = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  if (env.NODE_COMPILE_CACHE) return env.NODE_COMPILE_CACHE;
  const base =
    platform === 'win32'
      ? (env.LOCALAPPDATA ?? join(home, 'AppData', 'Local'))
      : platform === 'darwin'
        ? join(home, 'Library', 'Caches')
        : (env.XDG_CACHE_HOME ?? join(home, '.cache'));
  return join(base, 'maru', 'compile-cache');
}
