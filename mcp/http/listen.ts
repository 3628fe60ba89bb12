import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** Listens on host:port (port 0 picks a free one) and resolves with the server and its URL. */
export function listen(listener: (req: IncomingMessage, res: ServerResponse) => void, host: string, port: number): Promise<{ server: Server; url: string }> {
  const server = createServer(listener);
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
