import { builtinModules } from 'node:module';
import { dirname, resolve } from 'node:path';

/**
 * Module specifiers of an ES module's text: static imports and re-exports, side-effect imports, literal dynamic imports.
 * `import type`/`export type` load nothing (TypeScript source; emitted JavaScript has none), so they are not listed.
 */
export function importSpecifiers(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/^\s*(?:import|export)\s(?!type\b)[^'"]*?\bfrom\s*(['"])([^'"\n]+)\1/gm)) found.add(m[2]!);
  for (const m of text.matchAll(/^\s*import\s*(['"])([^'"\n]+)\1/gm)) found.add(m[2]!);
  for (const m of text.matchAll(/\bimport\(\s*(['"])([^'"\n]+)\1\s*\)/g)) found.add(m[2]!);
  return [...found];
}

/** The package a bare specifier names: `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
export function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

const BUILTIN = new Set(builtinModules);

/**
 * The files an ES module loads at run time, from `entry` through relative imports, and the packages they import
 * (Node's built-in modules left out). Type-only imports are gone from emitted JavaScript, so they are not followed.
 */
export function runtimeGraph(entry: string, read: (path: string) => string, exists: (path: string) => boolean): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const todo = [entry];
  while (todo.length) {
    const file = todo.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const spec of importSpecifiers(read(file))) {
      if (spec.startsWith('.')) {
        const target = resolve(dirname(file), spec);
        if (!exists(target)) throw new Error(`${file}: imports ${spec}, which is not there`);
        todo.push(target);
      } else if (!spec.startsWith('node:') && !BUILTIN.has(packageName(spec))) packages.add(packageName(spec));
    }
  }
  return { files, packages };
}
