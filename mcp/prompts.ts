import { completable, ProtocolError, ProtocolErrorCode, type GetPromptResult, type McpServer, type RegisteredPrompt } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { MAX_NAME_CHARS } from './support/limits.ts';
import { briefingText, promptBody } from '../src/lib/write/briefing.ts';
import type { ArtifactSet } from './artifacts.ts';
import type { ToolDeps } from './tools/common.ts';

export const BRIEFING_PROMPT = 'wiki_briefing';
const MAX_COMPLETIONS = 100;

/**
 * Registers one prompt per document marked `prompt: true` (name = id, text = its body) plus `wiki_briefing`.
 * Returns a sync function: given the set current now, it adds and removes document prompts to match (the SDK
 * then tells the client the list changed); the caller runs it once the first set is there. The text is always
 * read from the set current at the call.
 */
export function registerPrompts(server: McpServer, deps: ToolDeps): (set: ArtifactSet) => void {
  const registered = new Map<string, RegisteredPrompt>();
  let synced: ArtifactSet | undefined;
  const sync = (set: ArtifactSet) => {
    if (set === synced) return;
    synced = set;
    const wanted = new Map(set.catalog.documents.filter((d) => d.prompt && d.id !== BRIEFING_PROMPT).map((d) => [d.id, d]));
    let added = false;
    for (const [id, prompt] of registered) {
      if (!wanted.has(id)) {
        prompt.remove();
        registered.delete(id);
      }
    }
    for (const [id, entry] of wanted) {
      const description = entry.summary || entry.title;
      const known = registered.get(id);
      if (known) {
        if (known.description !== description || known.title !== entry.title) known.update({ title: entry.title, description });
        continue;
      }
      registered.set(
        id,
        server.registerPrompt(id, { title: entry.title, description }, () => documentPrompt(deps.artifacts(), id)),
      );
      added = true;
    }
    // The briefing is listed after the documents' prompts: it moves behind newly added ones.
    if (added) {
      briefing.remove();
      briefing = registerBriefing();
    }
  };
  // Registered before any document prompt, since the prompts capability must be declared before the server connects.
  let briefing = registerBriefing();
  return sync;

  function registerBriefing(): RegisteredPrompt {
    return server.registerPrompt(
      BRIEFING_PROMPT,
      {
        title: 'Wiki briefing for a project',
        description:
          'Where to look before a task in one project: its overview document, glossary terms and the 10 most recently updated documents, each with a knowledge:// link.',
        argsSchema: z.object({
          project: completable(
            z.string().max(MAX_NAME_CHARS).describe(`Project name, e.g. "search" (see list_projects; at most ${MAX_NAME_CHARS} characters).`),
            (value) => completeProject(deps.artifacts(), value),
          ),
        }),
      },
      async ({ project }) => {
        const set = deps.artifacts();
        const known = set.catalog.projects.map((p) => p.id);
        if (!known.includes(project))
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown project "${project.slice(0, 100)}". Known projects: ${known.join(', ')}.`);
        const markdown = await set.markdown.getMany(set.catalog.documents.filter((d) => d.project === project).map((d) => d.id));
        const text = briefingText(project, set.catalog.documents, set.search.synonyms, (id) => markdown.get(id) ?? '');
        return { description: `Briefing for project ${project}`, messages: [{ role: 'user', content: { type: 'text', text } }] };
      },
    );
  }
}

/** The prompt of one document: its body as a single user message. */
async function documentPrompt(set: ArtifactSet, id: string): Promise<GetPromptResult> {
  const entry = set.byId.get(id);
  const text = entry?.prompt ? await set.markdown.get(id) : undefined;
  if (!entry || text === undefined)
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Prompt "${id}" is no longer in the wiki. List the prompts again.`);
  return { description: entry.summary || entry.title, messages: [{ role: 'user', content: { type: 'text', text: promptBody(text) } }] };
}

function completeProject(set: ArtifactSet, value: string): string[] {
  if (value.length > MAX_NAME_CHARS) return [];
  const v = value.toLowerCase();
  const ids = set.catalog.projects.map((p) => p.id);
  return [...ids.filter((id) => id.startsWith(v)), ...ids.filter((id) => !id.startsWith(v) && id.includes(v))].slice(0, MAX_COMPLETIONS);
}
