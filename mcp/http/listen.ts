import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface ListenOptions {
  /** Sees every accepted connection first (`Admission.onConnection`: counts it or closes it). */
  onConnection?: (socket: Socket) => void;
  /** From a connection's first byte to the end of its request's headers; then Node answers 408 and closes. */
  headersTimeoutMs?: number;
}

/** Listens on host:port (port 0 picks a free one) and resolves with the server and its URL. */
export function listen(
  listener: (req: IncomingMessage, res: ServerResponse) => void,
  host: string,
  port: number,
  options: ListenOptions = {},
): Promise<{ server: Server; url: string }> {
  // Node checks its header and request timeouts every `connectionsCheckingInterval` (30 s by default): once a second
  // makes a slow-header client go when its time is up, not up to half a minute later.
  const server = createServer({ connectionsCheckingInterval: 1_000 }, listener);
  if (options.headersTimeoutMs !== undefined) {
    server.headersTimeout = options.headersTimeoutMs;
    // The body has its own limit (`Admission`); this is Node's backstop for a whole request, never shorter than the headers'.
    server.requestTimeout = Math.max(server.requestTimeout, options.headersTimeoutMs);
  }
  if (options.onConnection) server.prependListener('connection', options.onConnection);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      const actual = typeof address === 'object' && address ? address.port : port;
      const shown = host.includes(':') ? `[${host}]` : host;
      resolve({ server, url: `http://${shown}:${actual}` });
    });
  });
}

/** `listen`'s options for an app of `createHttpApp`: its connection bounds and header timeout. */
export function admissionListenOptions(app: { admission: { onConnection: (socket: Socket) => void; limits: { headersTimeoutMs: number } } }): ListenOptions {
  return { onConnection: app.admission.onConnection, headersTimeoutMs: app.admission.limits.headersTimeoutMs };
}
