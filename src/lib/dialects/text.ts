import { hugoText } from './hugo/text.ts';
import { obsidianText } from './obsidian/text.ts';
import type { TextConventions } from './types.ts';

/**
 * The dialects' text conventions alone, in the registry's order (`registry.test.ts` holds the two lists together): the
 * search text and snippets, which the MCP server cuts too, read these without loading every dialect's parse plugins.
 */
export const TEXT_DIALECTS: readonly TextConventions[] = [obsidianText, hugoText];

/** The fence lines of the dialects' frontmatter formats besides YAML's, in registry order. */
export function frontmatterFences(): RegExp[] {
  return TEXT_DIALECTS.flatMap((t) => (t.frontmatterFence ? [t.frontmatterFence] : []));
}

/** Markdown without what the dialects' syntax hides from the page (blanked, every newline kept). */
export function withoutHiddenText(markdown: string): string {
  return TEXT_DIALECTS.reduce((text, t) => (t.hidden ? t.hidden(text) : text), markdown);
}
