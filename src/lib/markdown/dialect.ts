import remarkCjkFriendly from 'remark-cjk-friendly';
import remarkMath from 'remark-math';
import remarkMathFlanking from './remark-math-flanking.ts';
import type { PluggableList } from 'unified';
import { dialectParsePlugins } from '../dialects/registry.ts';
import type { DialectOptions } from '../dialects/types.ts';
import { linearizeTextResolution } from './linear-text.ts';

/**
 * The syntax Maru reads after remark-parse and remark-gfm, in order: CJK-friendly emphasis and `$math$` (the core's
 * own), then every registered dialect's plugins by rank (`src/lib/dialects/registry.ts`). The site's processor and
 * `parseMarkdown` both use this list, so pages, index text and snippets see the same tree.
 */
export function dialectPlugins(options: DialectOptions = {}): PluggableList {
  // Every parser that runs these plugins (the parse, the site's renderer) parses in linear time (`linear-text.ts`).
  linearizeTextResolution();
  return [
    remarkCjkFriendly,
    // `$x^2$` and `$$ … $$`, as GitHub writes them: formulas, rendered to MathML by the site (KaTeX, src/markdown/rehype-math.ts).
    remarkMath,
    // First of the transforms: a dollar pair that is prose (`$5 and $10`) is text again before anything reads text.
    remarkMathFlanking,
    ...dialectParsePlugins(options),
  ];
}
