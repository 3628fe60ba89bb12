import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { relative } from 'node:path';
import { contentRoot } from './node/collect.ts';
import { FrontmatterSchema } from './lib/wiki/frontmatter.ts';
import { isSlug, toSlug } from './lib/wiki/slug.ts';

const root = contentRoot();

/** Every Markdown file under WIKI_CONTENT_DIR; entry ids are Maru document ids. */
const docs = defineCollection({
  loader: glob({
    pattern: ['**/*.{md,markdown}', '!**/node_modules/**', '!{README,SOURCE,LICENSE,CHANGELOG,CONTRIBUTING}.md'],
    base: relative(process.cwd(), root) || '.',
    generateId: ({ entry, data }) => (typeof data.id === 'string' && isSlug(data.id) ? data.id : toSlug(entry)),
  }),
  // The maru integration has already validated every file and reported all problems at once.
  schema: FrontmatterSchema.partial().loose().catch({}),
});

export const collections = { docs };
