import { createHash, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Tokens from `MARU_MCP_TOKENS` (comma-separated) and/or a file with one token per line (`#` comments). */
export function loadTokens(env: string | undefined, file: string | undefined): string[] {
  const fromEnv = (env ?? '').split(',');
  let fromFile: string[];
  try {
    fromFile = file ? readFileSync(file, 'utf8').split('\n').filter((l) => !l.trim().startsWith('#')) : [];
  } catch (e) {
    throw new Error(`Cannot read --tokens-file ${file}: ${(e as Error).message}`, { cause: e });
  }
  return [...fromEnv, ...fromFile].map((t) => t.trim()).filter(Boolean);
}

/**
 * A guard that lets a request through only with `Authorization: Bearer <one of tokens>`; with no tokens it
 * allows everything. Comparing digests keeps the comparison constant-time whatever the token lengths.
 */
export function bearerGuard(tokens: readonly string[]): (req: IncomingMessage, res: ServerResponse) => boolean {
  const digests = tokens.map(digest);
  return (req, res) => {
    if (digests.length === 0) return true;
    const header = req.headers.authorization ?? '';
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
    const given = m ? digest(m[1]!) : undefined;
    if (given && digests.some((d) => timingSafeEqual(d, given))) return true;
    const challenge = m ? 'Bearer realm="maru", error="invalid_token", error_description="The token is not valid for this server."' : 'Bearer realm="maru"';
    const message = m ? 'Invalid bearer token.' : 'Missing bearer token: send Authorization: Bearer <token>.';
    res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': challenge });
    res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message }, id: null }));
    return false;
  };
}

function digest(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}
