import type { Dialect } from '../types.ts';
import { shortenNotionIds, withoutNotionId } from './notion-ids.ts';

export const notion: Dialect = {
  name: 'notion',
  label: 'Notion',
  bareName: withoutNotionId,
  ids: shortenNotionIds,
};
