import { createHash, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Tokens from `MARU_MCP_TOKENS` (comma-separated) and/or a file with one token per line (`#` comments).
 * A setting that is present but yields no token throws: an empty secret must not silently open the server.
 */
export function loadTokens(env: string | undefined, file: string | undefined): string[] {
  const fromEnv =
    env === undefined
      ? []
      : env
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean);
  if (env !== undefined && fromEnv.length === 0) {
    throw new Error(
      `MARU_MCP_TOKENS is set but holds no token (${JSON.stringify(env)}). Put one or more tokens in it (comma-separated), or unset it to run without authentication.`,
    );
  }
  let fromFile: string[] = [];
  if (file !== undefined) {
    try {
      fromFile = readFileSync(file, 'utf8')
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l !== '' && !l.startsWith('#'));
    } catch (e) {
      throw new Error(`Cannot read --tokens-file ${file}: ${(e as Error).message}`, { cause: e });
    }
    if (fromFile.length === 0) throw new Error(`--tokens-file ${file} holds no token (only blank lines and # comments). Add one token per line.`);
  }
  return [...fromEnv, ...fromFile];
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
