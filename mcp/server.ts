import { McpServer } from '@modelcontextprotocol/server';
import { MARU_VERSION } from '../src/lib/artifacts/schema.ts';
import type { ArtifactSet } from './artifacts.ts';
import type { MissLog } from './misses.ts';
import { registerPrompts } from './prompts.ts';
import { registerDocumentResource } from './resource.ts';
import type { RegisterTool } from './tools/common.ts';
import { registerGetRelatedKnowledgeTool } from './tools/get-related-knowledge.ts';
import { registerKnowledgeTimelineTool } from './tools/knowledge-timeline.ts';
import { registerListKnowledgeTool } from './tools/list-knowledge.ts';
import { registerListProjectsTool } from './tools/list-projects.ts';
import { registerReadKnowledgeTool } from './tools/read-knowledge.ts';
import { registerRememberKnowledgeTool } from './tools/remember-knowledge.ts';
import { registerSearchKnowledgeTool } from './tools/search-knowledge.ts';
import type { Writer } from './write/writer.ts';

export const SERVER_NAME = 'maru-wiki';
/** The server's version is its Maru release's. */
export const SERVER_VERSION = MARU_VERSION;

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

const WRITE_INSTRUCTIONS =
  'This server may also write: when the user explicitly asks to remember or save something, call remember_knowledge; it saves a Markdown page that goes through Git review.';

/** Dependencies of one server instance. */
export interface ServerDeps {
  /** Returns the current artifact set; the store swaps it on reload. */
  artifacts: () => ArtifactSet;
  /** Present only with --allow-write: adds remember_knowledge. */
  writer?: Writer | undefined;
  /** Present only with --log-misses: search_knowledge logs weak searches there. */
  misses?: MissLog | undefined;
  /**
   * Present while the first build is still loading (stdio answers the handshake meanwhile): `artifacts` may be
   * called only after it resolves. The stdin guard holds every request that needs the build until then.
   */
  loading?: Promise<unknown> | undefined;
}

/** A fresh McpServer over the given artifacts; called once per stdio connection or HTTP request. */
export function createServer(deps: ServerDeps): McpServer {
  const server = new McpServer(
    { name: SERVER_NAME, version: SERVER_VERSION, title: 'Maru team wiki' },
    {
      instructions: deps.writer ? `${INSTRUCTIONS} ${WRITE_INSTRUCTIONS}` : INSTRUCTIONS,
      // Lists change only when a new build is swapped in; a minute of client caching is harmless.
      cacheHints: {
        'tools/list': { ttlMs: 3_600_000, cacheScope: 'public' },
        'resources/list': { ttlMs: 60_000, cacheScope: 'private' },
        'prompts/list': { ttlMs: 60_000, cacheScope: 'private' },
      },
    },
  );
  const syncPrompts = registerPrompts(server, deps);
  // Every handler reads the current set through this getter, so a new build (or a write) also updates the
  // prompt list of a long-lived stdio connection at the next call.
  const live = {
    ...deps,
    artifacts: () => {
      const set = deps.artifacts();
      syncPrompts(set);
      return set;
    },
  };
  for (const register of TOOLS) register(server, live);
  if (deps.writer) registerRememberKnowledgeTool(server, { ...live, writer: deps.writer });
  registerDocumentResource(server, live);
  // Registers the documents' prompts: now, or as soon as the first build is in (before any held request runs).
  if (deps.loading) void deps.loading.then(live.artifacts, () => undefined);
  else live.artifacts();
  return server;
}
