import { CONFIG_FILES } from '../wiki/config.ts';

/**
 * What `maru init` writes into a team's folder (`scripts/init.ts` does the writing). A file that exists is never in
 * the plan; package.json only gains the scripts (and the `maru` dependency) it does not have.
 */

/** The package.json scripts a wiki's folder runs Maru with. */
export const INIT_SCRIPTS: Readonly<Record<string, string>> = {
  dev: 'maru dev',
  build: 'maru build',
  check: 'maru check',
  start: 'maru start',
};

/** The template files copied as they are (after `{{name}}` substitution), by target path; starter pages only when not adopting. */
const TEMPLATE_FILES: Readonly<Record<string, string>> = {
  '.github/workflows/wiki.yml': '.github/workflows/wiki.yml',
  '.mcp.json': 'mcp.json',
  '.gitignore': 'gitignore',
};
const STARTER_PAGES = ['content/index.md', 'content/guide/writing.md'];

export interface InitInput {
  /** The folder's name: the default title and the MCP server's name. */
  name: string;
  title?: string;
  lang: 'ko' | 'en';
  /** A folder (relative to the project, `.` for itself) that already holds Markdown: adopted, no starter pages. */
  adopt?: string;
  /** Maru's version: the dependency's range. */
  version: string;
  template(name: string): string;
  exists(path: string): boolean;
  /** The folder's package.json text, when it has one. */
  packageJson: string | undefined;
}

export interface InitFile {
  path: string;
  text: string;
}

export interface InitPlan {
  files: InitFile[];
  /** The paths left as they were because they exist. */
  kept: string[];
  packageJsonExisted: boolean;
}

/** `{{key}}` in `text` replaced by `vars[key]`; an unknown key is a bug in a template and throws. */
export function fillTemplate(text: string, vars: Readonly<Record<string, string>>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    const value = vars[key];
    if (value === undefined) throw new Error(`template: no value for {{${key}}}`);
    return value;
  });
}

/** The team's maru.config.ts: a title and language, and the content folder; the rest is documented, not written. */
export function configText(input: { title?: string; lang: 'ko' | 'en'; content: string; description?: string }): string {
  return [
    "import { defineConfig } from 'maru';",
    '',
    '// Every key is optional; Maru\'s docs list them (operations/deploy: "준비"). A missing title comes from README.md.',
    'export default defineConfig({',
    ...(input.title === undefined ? [] : [`  title: ${quote(input.title)},`]),
    ...(input.description ? [`  description: ${quote(input.description)},`] : []),
    `  lang: ${quote(input.lang)},`,
    `  content: ${quote(input.content)},`,
    `  // editUrl: 'https://github.com/<owner>/<repo>/edit/main/${input.content === '.' ? '' : `${input.content}/`}',`,
    '});',
    '',
  ].join('\n');
}

function quote(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
}

/** The files `maru init` writes, and those it keeps. */
export function planInit(input: InitInput): InitPlan {
  const title = input.title?.trim() || input.name;
  const content = input.adopt ?? 'content';
  const serverName =
    input.name
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'wiki';
  const vars = {
    title: JSON.stringify(title),
    content,
    name: serverName,
  };
  const wanted: InitFile[] = [];
  // Node reads a .ts file as the package's module type says: a package.json without `"type": "module"` (npm init
  // writes "commonjs") would make it CommonJS, so the config is then a .mts file, an ES module whatever package.json says.
  const esm = input.packageJson === undefined || parsePackageJson(input.packageJson).type === 'module';
  const existingConfig = CONFIG_FILES.find((name) => input.exists(name));
  wanted.push({
    path: existingConfig ?? (esm ? 'maru.config.ts' : 'maru.config.mts'),
    text: configText({
      // An adopted folder's README.md or index.md names it (src/node/site-config.ts) unless --title does.
      ...(input.adopt && !input.title?.trim() ? {} : { title }),
      lang: input.lang,
      content,
      // An adopted folder's README says what it is; a new one gets a line to replace.
      ...(input.adopt ? {} : { description: input.lang === 'en' ? `The ${title} team's docs` : `${title} 팀의 문서` }),
    }),
  });
  if (!input.adopt) for (const page of STARTER_PAGES) wanted.push({ path: page, text: fillTemplate(input.template(page), vars) });
  for (const [path, template] of Object.entries(TEMPLATE_FILES)) wanted.push({ path, text: fillTemplate(input.template(template), vars) });

  const files = wanted.filter((f) => !input.exists(f.path));
  const kept = wanted.filter((f) => input.exists(f.path)).map((f) => f.path);
  const pkg = packageJsonPlan(input.packageJson, input.name, input.version);
  if (pkg) files.push({ path: 'package.json', text: pkg });
  else kept.push('package.json');
  return { files, kept, packageJsonExisted: input.packageJson !== undefined };
}

/** package.json with the missing scripts and the `maru` dependency added; undefined when it has them all. */
function packageJsonPlan(text: string | undefined, name: string, version: string): string | undefined {
  const pkg =
    text === undefined ? { name: name.toLowerCase().replace(/[^a-z0-9._-]+/g, '-') || 'wiki', private: true, type: 'module' } : parsePackageJson(text);
  const scripts = { ...((pkg.scripts as Record<string, string> | undefined) ?? {}) };
  const missing = Object.entries(INIT_SCRIPTS).filter(([key]) => scripts[key] === undefined);
  const deps = (pkg.dependencies as Record<string, string> | undefined) ?? {};
  const devDeps = (pkg.devDependencies as Record<string, string> | undefined) ?? {};
  const needsDep = deps.maru === undefined && devDeps.maru === undefined;
  if (text !== undefined && missing.length === 0 && !needsDep) return undefined;
  for (const [key, value] of missing) scripts[key] = value;
  return `${JSON.stringify({ ...pkg, scripts, ...(needsDep ? { devDependencies: { ...devDeps, maru: `^${version}` } } : {}) }, null, 2)}\n`;
}

function parsePackageJson(text: string): Record<string, unknown> {
  try {
    const pkg: unknown = JSON.parse(text);
    if (pkg !== null && typeof pkg === 'object' && !Array.isArray(pkg)) return pkg as Record<string, unknown>;
  } catch (error) {
    throw new Error(`package.json: not valid JSON (${(error as Error).message}); fix it or move it away, then run maru init again.`, { cause: error });
  }
  throw new Error('package.json: not a JSON object; fix it or move it away, then run maru init again.');
}
