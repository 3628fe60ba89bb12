import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { jsonDepthScanner } from '../../src/lib/http/json-depth.ts';

/**
 * What a client may hold of the server before its request runs. The gate (`gate.ts`) bounds the requests that run;
 * this bounds what comes before: connections per client address and in all, and the body, read whole (within a size,
 * a time and a nesting limit) before the request asks the gate for a slot. So a client that sends headers and then a
 * byte a second holds a connection until its body times out (408), never one of the few running slots, and a body of
 * nested brackets is refused while it arrives instead of blocking the event loop in `JSON.parse`.
 */
export interface AdmissionLimits {
  /** One request body, as the SDK's own limit (4 MiB). */
  maxBodyBytes: number;
  /** From the end of the headers to the last byte of the body. */
  bodyTimeoutMs: number;
  /** How deeply a JSON body may nest (an MCP call nests three or four levels). */
  maxDepth: number;
  /** Bytes of bodies held at once across all connections: 4 MiB bodies times many connections is memory too. */
  maxBufferedBytes: number;
  /** Open connections in all; more are closed at once. */
  maxConnections: number;
  /** Open connections from one client address; more are closed at once. */
  maxConnectionsPerClient: number;
  /** From a connection's first byte to the end of its request's headers (Node's `headersTimeout`). */
  headersTimeoutMs: number;
}

export const DEFAULT_ADMISSION: Readonly<AdmissionLimits> = {
  maxBodyBytes: 4 * 1024 * 1024,
  bodyTimeoutMs: 10_000,
  maxDepth: 64,
  maxBufferedBytes: 64 * 1024 * 1024,
  maxConnections: 1024,
  maxConnectionsPerClient: 64,
  headersTimeoutMs: 10_000,
};

/** A body read whole and parsed, or the answer the request gets instead (`undefined`: the client went away). */
export type BodyOutcome = { readonly body: unknown } | { readonly status: 400 | 408 | 413 | 503; readonly message: string } | undefined;

export interface Admission {
  readonly limits: Readonly<AdmissionLimits>;
  /** Reads a JSON request body whole within the limits, checking its nesting as it arrives. */
  readJsonBody(req: IncomingMessage): Promise<BodyOutcome>;
  /** The server's `connection` listener: counts the socket, or closes it when its address or the server is full. */
  onConnection(socket: Socket): void;
  /** Open connections, connections refused so far, and bodies being read. */
  stats(): { connections: number; refusedConnections: number; readingBodies: number };
}

export function createAdmission(limits: Readonly<AdmissionLimits> = DEFAULT_ADMISSION): Admission {
  const perClient = new Map<string, number>();
  let connections = 0;
  let refusedConnections = 0;
  let buffered = 0;
  let readingBodies = 0;

  const readJsonBody = (req: IncomingMessage): Promise<BodyOutcome> => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limits.maxBodyBytes) return Promise.resolve(tooLarge(limits.maxBodyBytes));
    readingBodies++;
    return new Promise<BodyOutcome>((resolve) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const depth = jsonDepthScanner(limits.maxDepth);
      const finish = (outcome: BodyOutcome) => {
        clearTimeout(timer);
        req.off('data', onData).off('end', onEnd).off('aborted', onGone).off('close', onGone).off('error', onGone);
        buffered -= size;
        readingBodies--;
        chunks.length = 0;
        if (outcome && 'status' in outcome) req.pause();
        resolve(outcome);
      };
      const timer = setTimeout(
        () => finish({ status: 408, message: `Request body not received within ${limits.bodyTimeoutMs / 1000} s; the connection is closed.` }),
        limits.bodyTimeoutMs,
      );
      const onData = (chunk: Buffer) => {
        size += chunk.length;
        buffered += chunk.length;
        chunks.push(chunk);
        if (size > limits.maxBodyBytes) return finish(tooLarge(limits.maxBodyBytes));
        if (buffered > limits.maxBufferedBytes)
          return finish({ status: 503, message: 'Server busy: too many request bodies are being received. Retry after 1 second.' });
        if (!depth.push(chunk)) return finish({ status: 400, message: `Parse error: the JSON body nests deeper than ${limits.maxDepth} levels.` });
        return undefined;
      };
      const onEnd = () => {
        const text = Buffer.concat(chunks).toString('utf8');
        try {
          finish({ body: JSON.parse(text) as unknown });
        } catch (error) {
          finish({ status: 400, message: `Parse error: ${text.trim() === '' ? 'the request body is empty' : (error as Error).message}.` });
        }
      };
      const onGone = () => finish(undefined);
      req.on('data', onData).on('end', onEnd).on('aborted', onGone).on('close', onGone).on('error', onGone);
    });
  };

  const onConnection = (socket: Socket): void => {
    const client = socket.remoteAddress ?? '';
    const mine = perClient.get(client) ?? 0;
    if (connections >= limits.maxConnections || mine >= limits.maxConnectionsPerClient) {
      refusedConnections++;
      socket.destroy();
      return;
    }
    connections++;
    perClient.set(client, mine + 1);
    socket.once('close', () => {
      connections--;
      const left = (perClient.get(client) ?? 1) - 1;
      if (left > 0) perClient.set(client, left);
      else perClient.delete(client);
    });
  };

  return { limits, readJsonBody, onConnection, stats: () => ({ connections, refusedConnections, readingBodies }) };
}

function tooLarge(max: number): BodyOutcome {
  return { status: 413, message: `Request body larger than ${max} bytes.` };
}

/**
 * Answers a request refused before it ran with a JSON-RPC error, and closes the connection: the rest of its body is
 * never read. `503` says when to retry.
 */
export function refuse(req: IncomingMessage, res: ServerResponse, status: number, message: string): void {
  const code = status === 400 ? -32700 : -32000;
  res.writeHead(status, {
    'content-type': 'application/json',
    'cache-control': 'no-store',
    connection: 'close',
    ...(status === 503 ? { 'retry-after': '1' } : {}),
  });
  res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } }), () => req.socket.destroy());
}
