import { createHash } from 'node:crypto';

/**
 * sha256 hex of a UTF-8 string: the build hashes the text it writes, the MCP server checks the text it reads.
 * A leaf (node:crypto only), so the read-only server may import it without pulling in the rest of the Node edge.
 */
export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
