import type { Dialect } from '../types.ts';
import { obsidianText } from './text.ts';
import remarkBlockIds from './remark-block-ids.ts';
import remarkObsidianComments from './remark-obsidian-comments.ts';
import remarkObsidianEmbeds from './remark-obsidian-embeds.ts';
import remarkObsidianHighlights from './remark-obsidian-highlights.ts';
import remarkUrlWikiLinks from './remark-url-wikilinks.ts';

export const obsidian: Dialect = {
  name: 'obsidian',
  label: 'Obsidian',
  // The vault's settings, which make the folder a vault.
  folders: { ignoredDirs: ['.obsidian'], rootMark: { dir: '.obsidian' } },
  // A vault's `#tags` in the text (`#회의`, `#project/alpha`) are its pages' tags.
  marked: { textTags: true },
  // Its other callout types, drawn as the nearest GitHub kind.
  calloutKinds: {
    ...Object.fromEntries(
      ['info', 'abstract', 'summary', 'tldr', 'todo', 'example', 'quote', 'cite', 'question', 'help', 'faq'].map((k) => [k, 'note' as const]),
    ),
    ...Object.fromEntries(['hint', 'success', 'check', 'done'].map((k) => [k, 'tip' as const])),
    attention: 'warning',
    ...Object.fromEntries(['failure', 'fail', 'missing', 'danger', 'error', 'bug'].map((k) => [k, 'caution' as const])),
  },
  text: obsidianText,
  parsePlugins: () => [
    // First of the transforms on text: what a comment holds (a link, a container, a heading) is never read.
    { rank: 200, plugin: remarkObsidianComments },
    // `[[https://…]]` is a link to that URL before anything reads `[[…]]` as a document's name.
    { rank: 500, plugin: remarkUrlWikiLinks },
    // After the plugins that read text positions (MDX comments): the text nodes it splits have none.
    { rank: 900, plugin: remarkObsidianHighlights },
    { rank: 910, plugin: remarkObsidianEmbeds },
    { rank: 920, plugin: remarkBlockIds },
  ],
};
