import { Transform, type Readable, type Writable } from 'node:stream';
import { deserializeMessage, INVALID_REQUEST, PARSE_ERROR } from '@modelcontextprotocol/server';

/** Longest stdio line accepted (bytes); the largest valid call (remember_knowledge, 200,000 characters) fits many times over. */
export const MAX_STDIO_LINE_BYTES = 4 * 1024 * 1024;

type Reply = (id: string | number | null, code: number, message: string) => void;

/**
 * Screens stdin line by line before the SDK's stdio transport sees it. The SDK drops a line that is not
 * JSON or not a JSON-RPC message without a word, so the client waits for its own timeout; JSON-RPC 2.0
 * asks for -32700 (parse error) or -32600 (invalid request) with id null. Good lines pass unchanged.
 */
export function guardStdin(input: Readable, output: Writable): Readable {
  const reply: Reply = (id, code, message) => {
    output.write(`${JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } })}\n`);
  };
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
        if (ok !== undefined) this.push(`${ok}\n`);
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
    const id = typeof json === 'object' && json !== null && 'id' in json ? (json as { id: unknown }).id : null;
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
