import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { MAX_ARTIFACT_FILE_BYTES, urlSource } from './source.ts';

let site: Server;
let other: Server;
let siteUrl: string;
let otherUrl: string;

const listen = (server: Server) =>
  new Promise<string>((done) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      done(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
    }),
  );

beforeAll(async () => {
  other = createServer((_, res) => res.end('secret of another host'));
  otherUrl = await listen(other);
  site = createServer((req, res) => {
    if (req.url === '/team/_wiki/moved.json') return void res.writeHead(302, { location: '/team/_wiki/small.json' }).end();
    if (req.url === '/team/_wiki/away.json') return void res.writeHead(302, { location: `${otherUrl}/metadata` }).end();
    if (req.url === '/team/_wiki/small.json') return void res.end('{"ok":true}');
    if (req.url === '/team/_wiki/declared.json') return void res.writeHead(200, { 'content-length': String(2000) }).end('x'.repeat(2000));
    // Chunked, no Content-Length: the size shows only as it arrives.
    if (req.url === '/team/_wiki/streamed.json') {
      res.write('x'.repeat(1500));
      return void res.end('x'.repeat(1500));
    }
    res.writeHead(404).end();
  });
  siteUrl = await listen(site);
});

afterAll(() => {
  site?.close();
  other?.close();
});

test('a redirect on the same origin is followed; one to another origin is refused, naming both', async () => {
  const source = urlSource(`${siteUrl}/team/`);
  expect(await source.read('_wiki/moved.json')).toBe('{"ok":true}');
  await expect(source.read('_wiki/away.json')).rejects.toThrow(
    `GET ${siteUrl}/team/_wiki/away.json redirects to ${otherUrl}, another origin than ${siteUrl}; refused.`,
  );
});

test('a file larger than its cap is refused, whether it declares its length or streams it', async () => {
  const source = urlSource(`${siteUrl}/team/`);
  const refused = (rel: string) => `Refusing ${rel} in ${siteUrl}/team/: it is larger than 1000 bytes`;
  await expect(source.readBytes('_wiki/declared.json', 1000)).rejects.toThrow(refused('_wiki/declared.json'));
  await expect(source.readBytes('_wiki/streamed.json', 1000)).rejects.toThrow(refused('_wiki/streamed.json'));
  expect((await source.readBytes('_wiki/streamed.json', 3000)).length).toBe(3000);
  expect(MAX_ARTIFACT_FILE_BYTES).toBe(16 * 1024 * 1024);
});
