/**
 * Admission for /mcp. Node answers one request at a time on its event loop, so without a bound every request
 * waits in the socket backlog behind all the others and clients time out. The gate admits at most `admitted`
 * requests (running + waiting), runs `running` of them at once and starts each next one from setImmediate, so
 * the event loop reads newly arrived requests in between and can refuse those beyond the bound at once.
 */
export interface Gate {
  /** Runs `start` when a slot is free; false (and nothing runs) when the gate is full. `done` resolves when the request ends. */
  admit(start: () => void, done: Promise<void>): boolean;
  /** Requests admitted and not yet finished. */
  readonly size: number;
}

export function createGate(admitted: number, running = Math.min(4, admitted)): Gate {
  const waiting: { start: () => void; done: Promise<void>; cancelled: boolean }[] = [];
  let active = 0;
  let scheduled = false;
  const pump = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      while (active < running && waiting.length > 0) {
        const next = waiting.shift()!;
        if (next.cancelled) continue;
        active++;
        void next.done.finally(() => {
          active--;
          pump();
        });
        next.start();
      }
    });
  };
  return {
    admit(start, done) {
      if (active + waiting.length >= admitted) return false;
      const item = { start, done, cancelled: false };
      waiting.push(item);
      // A client that gives up while waiting frees its place without running.
      void done.then(() => {
        const i = waiting.indexOf(item);
        if (i !== -1) waiting.splice(i, 1);
        item.cancelled = true;
      });
      pump();
      return true;
    },
    get size() {
      return active + waiting.length;
    },
  };
}
