import { ResourceNotFoundError, ResourceTemplate, type McpServer } from '@modelcontextprotocol/server';
import { MAX_ID_CHARS, MAX_URI_CHARS } from './support/limits.ts';
import { unknownIdMessage, uriOf, type ToolDeps } from './tools/common.ts';

/** `{+id}` (RFC 6570 reserved expansion) lets ids like `learn/usestate` keep their `/` in the URI. */
export const DOCUMENT_TEMPLATE = 'knowledge://documents/{+id}';
const MAX_COMPLETIONS = 100;

/** Registers the document resource template with list and id completion. */
export function registerDocumentResource(server: McpServer, deps: ToolDeps): void {
  const template = new ResourceTemplate(DOCUMENT_TEMPLATE, {
    list: async () => {
      const set = deps.artifacts();
      return {
        resources: set.catalog.documents.map((d) => ({
          uri: uriOf(d.id),
          name: d.id,
          title: d.title,
          description: d.summary || undefined,
          mimeType: 'text/markdown',
        })),
      };
    },
    complete: { id: (value) => completeId(deps, value) },
  });
  server.registerResource(
    'document',
    template,
    { title: 'Wiki document', description: 'One wiki document as normalised Markdown with frontmatter.', mimeType: 'text/markdown' },
    async (uri, variables) => {
      const set = deps.artifacts();
      if (uri.href.length > MAX_URI_CHARS)
        throw new ResourceNotFoundError(
          `The URI is ${uri.href.length} characters long; document URIs are at most ${MAX_URI_CHARS} (ids at most ${MAX_ID_CHARS}). Use list_knowledge to find ids.`,
        );
      const id = decodeId(String(variables.id ?? ''));
      const text = id === undefined ? undefined : await set.markdown.get(id);
      if (text === undefined) throw new ResourceNotFoundError(`${uri.href}: ${unknownIdMessage(set, id ?? String(variables.id))}`);
      return { contents: [{ uri: uriOf(id!), mimeType: 'text/markdown', text }] };
    },
  );
}

/** Ids starting with the typed value first, then ids containing it. */
function completeId(deps: ToolDeps, value: string): string[] {
  if (value.length > MAX_URI_CHARS) return [];
  const ids = deps.artifacts().ids;
  const v = (decodeId(value) ?? value).toLowerCase();
  const prefix = ids.filter((id) => id.startsWith(v));
  const inner = ids.filter((id) => !id.startsWith(v) && id.includes(v));
  return [...prefix, ...inner].slice(0, MAX_COMPLETIONS);
}

/** The SDK matches the raw URI text, so percent-encoded (Korean) ids arrive encoded. */
function decodeId(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}
