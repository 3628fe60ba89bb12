import { createHash } from 'node:crypto';

/**
 * sha256 hex of a UTF-8 string (or of the bytes of one): the build hashes the text it writes, the MCP server checks
 * the bytes it reads. A leaf (node:crypto only), so the read-only server may import it without pulling in the rest
 * of the Node edge.
 */
export function sha256(data: string | Uint8Array): string {
  const hash = createHash('sha256');
  return (typeof data === 'string' ? hash.update(data, 'utf8') : hash.update(data)).digest('hex');
}
