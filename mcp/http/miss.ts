import type { IncomingMessage, ServerResponse } from 'node:http';
import { MAX_MISS_BODY, MissReportSchema } from '../../src/lib/misses/misses.ts';
import type { MissLog } from '../misses.ts';
import { send } from './static.ts';

/** The path the site's search client posts weak searches to (only served when --log-misses is on). */
export const MISS_PATH = '/_wiki/miss';

/**
 * `POST /_wiki/miss`: one JSON {query, filters, resultCount, bestScore}, at most MAX_MISS_BODY bytes, from a
 * page of this same origin (the Host/Origin guards run before this). Answers 204 whether or not it was weak.
 */
export function handleMissPost(req: IncomingMessage, res: ServerResponse, misses: MissLog): void {
  if (req.method !== 'POST') {
    res.setHeader('allow', 'POST');
    return send(res, 405, 'Use POST.\n');
  }
  if (!sameOrigin(req)) return send(res, 403, 'Only pages of this site may report misses (same-origin requests with an Origin header).\n');
  if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) return send(res, 415, 'Send Content-Type: application/json.\n');
  if (Number(req.headers['content-length'] ?? 0) > MAX_MISS_BODY) return send(res, 413, `Body over ${MAX_MISS_BODY} bytes.\n`);
  const chunks: Buffer[] = [];
  let size = 0;
  let done = false;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_MISS_BODY && !done) {
      done = true;
      send(res, 413, `Body over ${MAX_MISS_BODY} bytes.\n`);
      req.destroy();
      return;
    }
    chunks.push(chunk);
  });
  req.on('end', () => {
    if (done) return;
    done = true;
    let json: unknown;
    try {
      json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return send(res, 400, 'Body is not JSON.\n');
    }
    const parsed = MissReportSchema.safeParse(json);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      return send(res, 400, `Invalid miss report: ${first ? `${first.path.join('.') || '(root)'}: ${first.message}` : 'malformed'}.\n`);
    }
    void misses.record(parsed.data, 'site').then(() => {
      res.writeHead(204, { 'cache-control': 'no-store' });
      res.end();
    });
  });
}

/** A browser request from a page of this very origin: Origin present and naming the Host, and Sec-Fetch-Site (if sent) same-origin. */
export function sameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  const site = req.headers['sec-fetch-site'];
  if (!origin || !req.headers.host || (site !== undefined && site !== 'same-origin')) return false;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}
