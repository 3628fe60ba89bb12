// The team's configuration: `maru.config.*` in the project folder (the folder `maru` runs in), or, without one, what
// the content root's README.md / index.md and the folder's name say. Read once per process, before anything asks.
import { existsSync, readFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CONFIG_FILES, configFromReadme, resolveSiteConfigFrom, type SiteConfig, type SiteConfigInput } from '../lib/wiki/config.ts';

/**
 * The flags of the `maru` command reach the build it starts through these variables (set only by `bin/maru.ts`), so
 * a flag wins over the config file, which wins over `WIKI_CONTENT_DIR` / `BASE_PATH` (content/configuration.md).
 */
export const FLAG_ENV = { content: 'MARU_CLI_CONTENT', base: 'MARU_CLI_BASE' } as const;

/** The config file of the project folder `dir`, if it has one (`maru.config.ts` first). */
export function configFile(dir = process.cwd()): string | undefined {
  return CONFIG_FILES.map((name) => join(dir, name)).find((file) => existsSync(file));
}

/** The config file's default export, loaded by Node (TypeScript as Node strips it: `maru.config.ts` outside node_modules). */
async function readConfigFile(file: string): Promise<unknown> {
  try {
    const module = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { default?: unknown };
    return module.default;
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new Error(`${file}: cannot load the config (${message}). It must be a module whose default export is the config object.`, { cause: error });
  }
}

/** The content folder of a project at `cwd`: the `--content` flag, else the config's `content`, else `WIKI_CONTENT_DIR`, else `content`. */
export function contentFolder(input: Pick<SiteConfigInput, 'content'> | undefined, cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  return resolve(cwd, env[FLAG_ENV.content] || input?.content || env.WIKI_CONTENT_DIR || 'content');
}

/** The base path as given: the `--base` flag, the config's `base`, `BASE_PATH`; undefined when none is. */
export function basePathFrom(config: Pick<SiteConfig, 'base'>, env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env[FLAG_ENV.base] || config.base || env.BASE_PATH || undefined;
}

/** The site configuration of the project folder `cwd`, validated (a bad key throws naming the file, the key and the fix). */
export async function loadSiteConfig(
  cwd = process.cwd(),
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ config: SiteConfig; file?: string; input?: SiteConfigInput }> {
  const file = configFile(cwd);
  const raw = file ? await readConfigFile(file) : {};
  // Checked before it is read: a content folder from a malformed config would only confuse the message.
  const given = resolveSiteConfigFrom(raw, file ? basename(file) : 'the defaults');
  const input = raw as SiteConfigInput;
  // What the config leaves out comes from the team's own folder, never from Maru's example wiki.
  const root = contentFolder(input, cwd, env);
  const readme = ['index.md', 'README.md', 'readme.md'].map((name) => join(root, name)).find((path) => existsSync(path));
  const fromReadme = readme ? configFromReadme(readFileSync(readme, 'utf8')) : {};
  const defaults = { title: fromReadme.title ?? (basename(cwd) || 'Wiki'), description: fromReadme.description ?? '' };
  const config = { ...given, title: input.title ?? defaults.title, description: input.description ?? defaults.description };
  const logo = config.logo && !/^https:\/\//.test(config.logo) ? join(root, config.logo) : undefined;
  if (logo && !existsSync(logo)) {
    const shown = (path: string) => relative(cwd, path) || '.';
    throw new Error(
      `${file ? basename(file) : 'the config'}: \`logo\` names ${shown(logo)}, which does not exist. Put the picture there (the path is relative to the content folder, ${shown(root)}) or fix the path.`,
    );
  }
  return { config, ...(file ? { file } : {}), input };
}

const loaded = await loadSiteConfig();

/** This process's site configuration (see `loadSiteConfig`). */
export function currentSiteConfig(): SiteConfig {
  return loaded.config;
}

/** The config file this process read, if any (part of the build cache's key). */
export function currentConfigFile(): string | undefined {
  return loaded.file;
}

/** The content root: the `--content` flag, the config's `content`, `WIKI_CONTENT_DIR`, else `./content`. */
export function contentRoot(cwd = process.cwd()): string {
  return contentFolder(loaded.input, cwd);
}

/** The base path as given: the `--base` flag, the config's `base`, `BASE_PATH`; undefined when none is. */
export function givenBasePath(): string | undefined {
  return basePathFrom(loaded.config);
}
