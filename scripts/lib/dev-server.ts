// A dev server (`maru dev`, or plain `astro dev`) started for a test or a benchmark: on a free port of 127.0.0.1,
// resolved once it says where it listens, stopped by its own process id.
import { spawn, type ChildProcess } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';

export interface DevServer {
  /** `http://127.0.0.1:<port>` (no trailing slash). */
  origin: string;
  child: ChildProcess;
  /** Everything it printed so far, without colour codes. */
  log: () => string;
  /** Each whole line it printed so far, without colour codes, with when it arrived (this process's `performance.now()`). */
  lines: () => readonly LogLine[];
  /** Stops it (SIGTERM, which `maru` passes on to Astro) and resolves when it has exited. */
  stop: () => Promise<void>;
}

export interface LogLine {
  at: number;
  text: string;
}

/**
 * Runs `node <script> ...args` in `cwd` and resolves when it prints Astro's `Local http://127.0.0.1:<port>/` line;
 * rejects with its output if it exits first or says nothing of the kind within `timeoutMs`.
 */
export function startDevServer(
  script: string,
  args: readonly string[],
  options: { cwd: string; /** Its whole environment (default: this process's). */ env?: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<DevServer> {
  const child = spawn(process.execPath, [script, ...args, '--host', '127.0.0.1', '--port', '0'], {
    cwd: options.cwd,
    env: { ...(options.env ?? process.env), ASTRO_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const log = () => stripVTControlCharacters(output);
  // Stamped as they arrive: a benchmark reads from them when each step of an update ended, as the server saw it.
  const lines: LogLine[] = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise<DevServer>((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop().then(() => reject(new Error(`${script} printed no address in ${options.timeoutMs ?? 120_000} ms:\n${log()}`)));
    }, options.timeoutMs ?? 120_000);
    // One unfinished line per stream: stdout and stderr write in chunks of their own.
    const partial = new Map<unknown, string>();
    const onData = (stream: unknown) => (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      const at = performance.now();
      const parts = ((partial.get(stream) ?? '') + text).split('\n');
      partial.set(stream, parts.pop()!);
      for (const line of parts) lines.push({ at, text: stripVTControlCharacters(line) });
      const m = /Local\s+(http:\/\/127\.0\.0\.1:\d+)\//.exec(log());
      if (!m) return;
      clearTimeout(timer);
      resolve({ origin: m[1]!, child, log, lines: () => lines, stop });
    };
    child.stdout.on('data', onData(child.stdout));
    child.stderr.on('data', onData(child.stderr));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited (${code}) before it served:\n${log()}`));
    });
  });
}

/**
 * Resolves with the page once `origin + path` answers 200 with a body `accept` takes (polling every 50 ms: Astro answers
 * the first request only after its content sync, and an edit shows once its reload is done).
 */
export async function firstPage(origin: string, path: string, timeoutMs = 300_000, accept: (body: string) => boolean = () => true): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      // A request the server dropped while it was busy is asked again rather than waited on for good.
      const res = await fetch(origin + path, { signal: AbortSignal.timeout(Math.min(60_000, Math.max(1, deadline - Date.now()))) });
      const body = await res.text();
      if (res.ok && accept(body)) return body;
      last = `${res.status}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${origin}${path} did not answer as expected in ${timeoutMs} ms (last: ${last})`);
}
