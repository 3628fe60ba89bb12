import * as z from 'zod';
import type { LinkPolicy } from './links.ts';

/** Categories every wiki starts with; a site may replace the list in `maru.config.ts`. */
export const DEFAULT_CATEGORIES = ['concept', 'policy', 'workflow', 'decision', 'guide', 'reference', 'history'] as const;

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
});
export type SiteConfig = z.output<typeof SiteConfigSchema>;
export type SiteConfigInput = z.input<typeof SiteConfigSchema>;

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
