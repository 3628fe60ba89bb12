import type { Dialect } from '../types.ts';
import { shortenNotionIds, withoutNotionId } from './notion-ids.ts';

export const notion: Dialect = {
  name: 'notion',
  label: 'Notion',
  bareName: withoutNotionId,
  // Before ids written in many folders are qualified (Docusaurus's pass), as the core's duplicate check did then.
  ids: { rank: 100, pass: (docs) => ({ docs: shortenNotionIds(docs) }) },
};
