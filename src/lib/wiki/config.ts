import * as z from 'zod';
import type { LinkPolicy } from './links.ts';

/** Categories every wiki starts with; a site may replace the list in `maru.config.ts`. */
export const DEFAULT_CATEGORIES = ['concept', 'policy', 'workflow', 'decision', 'guide', 'reference', 'history'] as const;

/** A picture in the content folder (no `..`, no leading `/`) or an https URL. */
const LOGO = /^(?:https:\/\/[^\s"'<>]+|(?![/\s])(?![a-z][a-z0-9+.-]*:)(?!(?:.*\/)?\.\.(?:\/|$))[^?#"'<>\n\r\t]+\.(?:svg|png|jpe?g|webp|gif|avif))$/i;
/** A path on the site (one leading `/`, put under the base path) or an http(s) URL: never `javascript:` and the like. */
const NAV_LINK = /^(?:\/(?!\/)[^\s"'<>]*|https?:\/\/[^\s"'<>]+)$/;

/** The one typed site configuration, read from `maru.config.ts` with these defaults. */
export const SiteConfigSchema = z.strictObject({
  /** Site title shown in the header and in llms.txt. */
  title: z.string().min(1).default('Maru'),
  /** One-line description of what the wiki holds. */
  description: z.string().default('팀의 배경, 용어, 업무 흐름, 결정을 한곳에서 찾는 위키'),
  /** Public URL of the deployed site (used in llms.txt and absolute links); optional. */
  site: z.url().optional(),
  /** UI language: Korean by default, English strings behind this switch. */
  lang: z.enum(['ko', 'en']).default('ko'),
  /** Allowed values of the `category` frontmatter field, in display order. */
  categories: z
    .array(z.string().regex(/^[a-z][a-z0-9-]*$/))
    .min(1)
    .default([...DEFAULT_CATEGORIES]),
  /** A picture shown before the title in the header: a file in the content folder (`images/logo.svg`, published with the site) or an https URL. */
  logo: z.string().regex(LOGO, 'expected a picture file in the content folder or an https URL').optional(),
  /** Links the header shows after its own, in order: `link` is a path on the site (`/docs/setup/`, under the base path) or an http(s) URL. */
  nav: z
    .array(z.strictObject({ text: z.string().min(1).max(40), link: z.string().regex(NAV_LINK, 'expected a path starting with / or an http(s) URL') }))
    .max(8)
    .default([]),
  /** Edit link prefix, e.g. `https://github.com/acme/wiki/edit/main/content/`; the source path is appended. */
  editUrl: z.url().optional(),
  /** Project descriptions shown on the home page, keyed by project id. */
  projects: z.record(z.string(), z.object({ title: z.string().optional(), description: z.string().optional() })).default({}),
  /** Documents older than this many days are flagged as stale by `npm run check`. */
  staleAfterDays: z.number().int().positive().default(365),
  /** A link to a document that does not exist: `error` fails the build, `warn` lists it and renders plain text. Env `MARU_BROKEN_LINKS` overrides. */
  brokenLinks: z.enum(['error', 'warn']).default('error'),
  /** A link to a heading that does not exist: `warn` (default) lists it, `error` fails the build. Env `MARU_BROKEN_ANCHORS` overrides. */
  brokenAnchors: z.enum(['error', 'warn']).default('warn'),
  /** The content folder, relative to the project folder; the `--content` flag overrides it, and it overrides `WIKI_CONTENT_DIR`. */
  content: z.string().min(1).optional(),
  /** The base path the site is served under (e.g. `/wiki/`); the `--base` flag overrides it, and it overrides `BASE_PATH`. */
  base: z.string().startsWith('/').optional(),
  /** The config format this file is written for; a newer one than this Maru reads is refused, naming the version. */
  version: z.literal(1).optional(),
});
export type SiteConfig = z.output<typeof SiteConfigSchema>;
export type SiteConfigInput = z.input<typeof SiteConfigSchema>;

/** The config files Maru looks for in the project folder, in this order. */
export const CONFIG_FILES = ['maru.config.ts', 'maru.config.mts', 'maru.config.mjs', 'maru.config.js'] as const;

/** The version of the config format this Maru reads (`version` in `maru.config.*`). */
export const CONFIG_VERSION = 1;

/**
 * Types a `maru.config.ts` without importing Maru's internals: `export default defineConfig({ title: '…' })`.
 * It returns its argument; the checking happens when Maru loads the file.
 */
export function defineConfig(config: SiteConfigInput): SiteConfigInput {
  return config;
}

/** What each key takes, for the fix in a config error. */
const KEY_HINTS: Record<keyof SiteConfigInput, string> = {
  title: "a non-empty string, e.g. title: 'Team wiki'",
  description: 'a string',
  site: "the site's full URL, e.g. site: 'https://wiki.example.com/'",
  lang: "'ko' or 'en'",
  categories: "a non-empty list of lower-case ids, e.g. categories: ['guide', 'reference']",
  logo: "a picture in the content folder or an https URL, e.g. logo: 'images/logo.svg' (the file at <content>/images/logo.svg)",
  nav: "up to 8 links of { text, link }, link a site path or a URL, e.g. nav: [{ text: 'Guide', link: '/docs/guide/' }, { text: 'GitHub', link: 'https://github.com/acme/docs' }]",
  editUrl: "a URL prefix, e.g. editUrl: 'https://github.com/acme/docs/edit/main/content/'",
  projects: "an object keyed by project folder, e.g. projects: { api: { title: 'API' } }",
  staleAfterDays: 'a positive whole number of days',
  brokenLinks: "'error' or 'warn'",
  brokenAnchors: "'error' or 'warn'",
  content: "the content folder's path relative to the project folder, e.g. content: 'docs'",
  base: "a path starting with '/', e.g. base: '/wiki/'",
  version: `${CONFIG_VERSION} (this Maru reads config version ${CONFIG_VERSION}; upgrade Maru to read a newer one)`,
};

/**
 * Validates a config loaded from `source` (a file name, for the message) and fills in defaults; a bad value throws one
 * line per problem, each naming the key and what it takes.
 */
export function resolveSiteConfigFrom(raw: unknown, source: string): SiteConfig {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new Error(`${source}: the default export must be the config object (export default defineConfig({ title: '…' })).`);
  }
  const parsed = SiteConfigSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const known = Object.keys(KEY_HINTS).join(', ');
  const lines = parsed.error.issues.map((issue) => {
    if (issue.code === 'unrecognized_keys' && issue.path.length > 0) {
      const hint = KEY_HINTS[String(issue.path[0]) as keyof SiteConfigInput] ?? 'a valid value';
      return `${source}: \`${issue.path.map(String).join('.')}\` has unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `\`${k}\``).join(', ')}. Set it to ${hint}.`;
    }
    if (issue.code === 'unrecognized_keys') {
      return `${source}: unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `\`${k}\``).join(', ')}. Remove it or fix the spelling; the keys are ${known}.`;
    }
    const key = issue.path.map(String).join('.');
    const top = String(issue.path[0]) as keyof SiteConfigInput;
    return `${source}: \`${key}\` is invalid (${issue.message}). Set it to ${KEY_HINTS[top] ?? 'a valid value'}.`;
  });
  throw new Error(lines.join('\n'));
}

/**
 * Title and description of a folder without a config file, from its README.md or index.md: the frontmatter's `title`
 * or the first `# heading`, and the first paragraph of text after it.
 */
export function configFromReadme(text: string): { title?: string; description?: string } {
  const body = text.replace(/^\uFEFF/, '');
  const front = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(body);
  const fmTitle = front ? /^title:\s*['"]?(.+?)['"]?\s*$/m.exec(front[1]!)?.[1] : undefined;
  const lines = (front ? body.slice(front[0].length) : body).split(/\r?\n/);
  let title = fmTitle;
  let description: string | undefined;
  const paragraph: string[] = [];
  let fenced = false;
  for (const line of lines) {
    if (/^(```|~~~)/.test(line)) {
      fenced = !fenced;
      continue;
    }
    if (fenced) continue;
    const heading = /^#\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading && title === undefined) {
      title = heading[1];
      continue;
    }
    if (/^\s*$/.test(line) || /^(#|<|!\[|\||>|[-*+] |\d+\. )/.test(line)) {
      if (paragraph.length) break;
      continue;
    }
    paragraph.push(line.trim());
  }
  if (paragraph.length)
    description = paragraph
      .join(' ')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[*_`]/g, '');
  return { ...(title ? { title: title.replace(/[*_`]/g, '') } : {}), ...(description ? { description } : {}) };
}

/** Validates a user config and fills in defaults. */
export function resolveSiteConfig(input: SiteConfigInput = {}): SiteConfig {
  return SiteConfigSchema.parse(input);
}

/** The environment variables that override the link policy for one run (CI, a first try on imported docs). */
export const LINK_POLICY_ENV = { brokenLinks: 'MARU_BROKEN_LINKS', brokenAnchors: 'MARU_BROKEN_ANCHORS' } as const;

/** The link policy of a run: `maru.config.ts`, overridden by `MARU_BROKEN_LINKS` / `MARU_BROKEN_ANCHORS`; a bad value throws naming the variable. */
export function linkPolicy(config: Pick<SiteConfig, 'brokenLinks' | 'brokenAnchors'>, env: Record<string, string | undefined>): LinkPolicy {
  const read = (key: keyof typeof LINK_POLICY_ENV): 'error' | 'warn' => {
    const name = LINK_POLICY_ENV[key];
    const value = env[name];
    if (value === undefined || value === '') return config[key];
    if (value === 'error' || value === 'warn') return value;
    throw new Error(`${name}=${JSON.stringify(value)} is not a link policy. Use ${name}=warn or ${name}=error.`);
  };
  return { brokenLinks: read('brokenLinks'), brokenAnchors: read('brokenAnchors') };
}
