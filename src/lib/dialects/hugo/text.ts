import type { TextConventions } from '../types.ts';

/** The opening and closing line of Hugo's TOML frontmatter. */
export const TOML_FENCE = /^\+\+\+[ \t]*$/;

/** Hugo's text: frontmatter may be TOML between `+++` lines, which every reader of the body strips as it strips YAML's. */
export const hugoText: TextConventions = { frontmatterFence: TOML_FENCE };
