import { McpServer } from '@modelcontextprotocol/server';
import type { ArtifactSet } from './artifacts.ts';
import { registerDocumentResource } from './resource.ts';
import type { RegisterTool } from './tools/common.ts';
import { registerGetRelatedKnowledgeTool } from './tools/get-related-knowledge.ts';
import { registerKnowledgeTimelineTool } from './tools/knowledge-timeline.ts';
import { registerListKnowledgeTool } from './tools/list-knowledge.ts';
import { registerListProjectsTool } from './tools/list-projects.ts';
import { registerReadKnowledgeTool } from './tools/read-knowledge.ts';
import { registerSearchKnowledgeTool } from './tools/search-knowledge.ts';

export const SERVER_NAME = 'maru-wiki';
export const SERVER_VERSION = '0.1.0';

/** Registration order is the listing order (the 2026 spec asks for a deterministic tools/list). */
const TOOLS: readonly RegisterTool[] = [
  registerSearchKnowledgeTool,
  registerReadKnowledgeTool,
  registerListKnowledgeTool,
  registerListProjectsTool,
  registerGetRelatedKnowledgeTool,
  registerKnowledgeTimelineTool,
];

const INSTRUCTIONS =
  'Read-only access to the team wiki. Find documents with search_knowledge (or list_knowledge / knowledge_timeline to browse), ' +
  'then read them with read_knowledge (whole, by section, or the outline). Cite the url of each document you use.';

/** Dependencies of one server instance. */
export interface ServerDeps {
  /** Returns the current artifact set; the store swaps it on reload. */
  artifacts: () => ArtifactSet;
}

/** A fresh McpServer over the given artifacts; called once per stdio connection or HTTP request. */
export function createServer(deps: ServerDeps): McpServer {
  const server = new McpServer(
    { name: SERVER_NAME, version: SERVER_VERSION, title: 'Maru team wiki' },
    {
      instructions: INSTRUCTIONS,
      // Lists change only when a new build is swapped in; a minute of client caching is harmless.
      cacheHints: { 'tools/list': { ttlMs: 3_600_000, cacheScope: 'public' }, 'resources/list': { ttlMs: 60_000, cacheScope: 'private' } },
    },
  );
  for (const register of TOOLS) register(server, deps);
  registerDocumentResource(server, deps);
  return server;
}
