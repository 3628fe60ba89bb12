import type { TextConventions } from '../types.ts';
import { stripObsidianComments } from './comments.ts';

/** Obsidian's text: its `%%comments%%` are never shown. */
export const obsidianText: TextConventions = { hidden: stripObsidianComments };
