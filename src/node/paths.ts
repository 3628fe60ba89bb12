import { isAbsolute, relative, sep } from 'node:path';

/** True when `path` is `root` or below it (both already realpath'd). */
export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}
