import { Transform, type Readable, type Writable } from 'node:stream';
import { deserializeMessage, INTERNAL_ERROR, INVALID_REQUEST, PARSE_ERROR } from '@modelcontextprotocol/server';

/** Longest stdio line accepted (bytes); the largest valid call (remember_knowledge, 200,000 characters) fits many times over. */
export const MAX_STDIO_LINE_BYTES = 4 * 1024 * 1024;

type Reply = (id: string | number | null, code: number, message: string) => void;

/** Requests a server answers without its artifacts: the handshake and the tool list. */
const ANSWERED_BEFORE_LOAD: ReadonlySet<string> = new Set([
  'initialize',
  'notifications/initialized',
  'ping',
  'tools/list',
  'resources/templates/list',
  'server/discover',
]);

/**
 * Screens stdin line by line before the SDK's stdio transport sees it. The SDK drops a line that is not
 * JSON or not a JSON-RPC message without a word, so the client waits for its own timeout; JSON-RPC 2.0
 * asks for -32700 (parse error) or -32600 (invalid request) with id null. Good lines pass unchanged.
 *
 * With `loading` (the first build still loading), the handshake and `tools/list` pass at once and every
 * other message waits, in order, until `loading` resolves; if it rejects, each waiting or later request
 * is answered with that error (-32603), so no client is left waiting for a server that cannot serve.
 * `onLine` hears the method and request id (undefined for a notification) of each good line as it arrives, whether it
 * passes at once or waits for the build.
 */
export function guardStdin(
  input: Readable,
  output: Writable,
  loading?: Promise<unknown>,
  onLine?: (method: string, id: string | number | undefined) => void,
): Readable {
  const reply: Reply = (id, code, message) => {
    output.write(`${JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } })}\n`);
  };
  let held: string[] | undefined = loading ? [] : undefined;
  let failure: string | undefined;
  const forward = (line: string) => {
    if (failure !== undefined) {
      const id = requestId(line);
      if (id !== undefined) reply(id, INTERNAL_ERROR, failure);
    } else if (held && (held.length > 0 || !ANSWERED_BEFORE_LOAD.has(methodOf(line)))) held.push(line);
    else guard.push(`${line}\n`);
  };
  loading?.then(
    // A macrotask later, so whatever else waits for the load (the prompt list) is in place before these run.
    () =>
      setImmediate(() => {
        const lines = held ?? [];
        held = undefined;
        for (const line of lines) guard.push(`${line}\n`);
      }),
    (e: Error) => {
      failure = e.message;
      const lines = held ?? [];
      held = undefined;
      lines.forEach(forward);
    },
  );
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let skipping = false;
  const guard = new Transform({
    transform(chunk: Buffer, _enc, done) {
      let start = 0;
      for (let nl = chunk.indexOf(0x0a); nl !== -1; nl = chunk.indexOf(0x0a, start)) {
        const part = chunk.subarray(start, nl);
        start = nl + 1;
        if (skipping) {
          skipping = false;
          continue;
        }
        const line = Buffer.concat([...pending, part]).toString('utf8');
        pending = [];
        pendingBytes = 0;
        const ok = screenLine(line, reply);
        if (ok !== undefined) {
          onLine?.(methodOf(ok), requestId(ok));
          forward(ok);
        }
      }
      if (start < chunk.length && !skipping) {
        pending.push(chunk.subarray(start));
        pendingBytes += chunk.length - start;
        if (pendingBytes > MAX_STDIO_LINE_BYTES) {
          // The rest of this line is dropped as it arrives; buffering it would let one client grow memory without bound.
          pending = [];
          pendingBytes = 0;
          skipping = true;
          reply(null, INVALID_REQUEST, `Message longer than ${MAX_STDIO_LINE_BYTES} bytes; it was not read. Send smaller requests.`);
        }
      }
      done();
    },
  });
  input.on('error', (e) => guard.destroy(e));
  return input.pipe(guard);
}

/** The line to pass on, or undefined after answering it with an error (blank lines are skipped silently). */
export function screenLine(raw: string, reply: Reply): string | undefined {
  const line = raw.replace(/\r$/, '');
  if (line.trim() === '') return undefined;
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch (e) {
    reply(null, PARSE_ERROR, `Parse error: the line is not valid JSON (${(e as Error).message}). Send one JSON-RPC 2.0 message per line.`);
    return undefined;
  }
  if (Array.isArray(json)) {
    reply(
      null,
      INVALID_REQUEST,
      json.length === 0 ? 'Invalid Request: an empty batch.' : 'Invalid Request: JSON-RPC batches are not supported by MCP; send one message per line.',
    );
    return undefined;
  }
  try {
    deserializeMessage(line);
  } catch {
    const id = typeof json === 'object' && json !== null && 'id' in json ? json.id : null;
    const answerId = typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
    reply(
      answerId,
      INVALID_REQUEST,
      'Invalid Request: not a JSON-RPC 2.0 request, notification or response (needs "jsonrpc": "2.0" and a "method", or an "id" with "result"/"error").',
    );
    return undefined;
  }
  return line;
}

/** The method of a screened JSON-RPC line ('' for a response). */
function methodOf(line: string): string {
  const method = (JSON.parse(line) as { method?: unknown }).method;
  return typeof method === 'string' ? method : '';
}

/** The id of a screened request line, or undefined for a notification or response. */
function requestId(line: string): string | number | undefined {
  const json = JSON.parse(line) as { id?: unknown; method?: unknown };
  return typeof json.method === 'string' && (typeof json.id === 'string' || typeof json.id === 'number') ? json.id : undefined;
}
