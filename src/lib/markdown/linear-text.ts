// micromark does not export its text resolvers, and they are the quadratic part: these are the very modules its parser
// imports (the `development` build under vitest, the other one everywhere else), so changing them changes its parse.
// They are found from where micromark itself resolves, never by a path relative to this file: installed, Maru's files
// are under node_modules/maru/lib/ and micromark wherever npm put it.
type TextModule = Record<'text' | 'string' | 'resolver', unknown>;
const micromarkEntry = import.meta.resolve('micromark');
const micromarkRoot = new URL(/\/dev\/index\.js$/.test(micromarkEntry) ? '../' : './', micromarkEntry);
const [built, development] = (await Promise.all([
  import(new URL('lib/initialize/text.js', micromarkRoot).href),
  import(new URL('dev/lib/initialize/text.js', micromarkRoot).href),
])) as [TextModule, TextModule];

/**
 * Makes micromark's text resolution linear. After a paragraph is tokenized, `resolveAllText` merges each run of
 * adjacent `data` events into one with `events.splice`, which moves every event after the run: one splice per run, so
 * a paragraph of many lines costs the square of its length. Runs are everywhere GFM is on: its literal-autolink
 * constructs break text at the start of every word, so a line of two words is two `data` events. One paragraph of
 * 512 KB of hint lines (`?> a` / `!> b`, one paragraph until a dialect's plugin splits it) or of Liquid
 * `{% if %}` lines took minutes, nearly all of it here. The runs are merged here first, in one pass over the list,
 * with the same result: the resolver then finds nothing left to merge and goes on to its line suffixes.
 */
export function linearizeTextResolution(): void {
  for (const module of [built, development]) {
    // Typed by what this file touches: micromark's own types name more than it reads.
    for (const construct of [module.text, module.string, module.resolver] as unknown as { resolveAll?: Resolver }[]) {
      const original = construct.resolveAll;
      if (!original || (original as { linear?: true }).linear) continue;
      const linear: Resolver = (events, context) => original(mergeDataRuns(events), context);
      construct.resolveAll = Object.assign(linear, { linear: true as const });
    }
  }
}

/** micromark's event and resolver, as far as this file reads them (its types package is not a dependency of ours). */
interface Point {
  offset: number;
}
type Event = [string, { type: string; start: Point; end: Point }, unknown];
type Resolver = (events: Event[], context: unknown) => Event[];

/** Each run of adjacent `data` events as its first token stretched to the run's end (what `resolveAllText` makes). */
export function mergeDataRuns(events: Event[]): Event[] {
  let runs = false;
  for (let i = 0; i + 2 < events.length; i++) {
    if (events[i]![1].type === 'data' && events[i + 2]![1].type === 'data') {
      runs = true;
      break;
    }
  }
  if (!runs) return events;
  // Written back into the same array: micromark's subtokenizer holds it from before the resolvers ran.
  let out = 0;
  let index = 0;
  while (index < events.length) {
    const event = events[index]!;
    if (event[1].type !== 'data') {
      events[out++] = event;
      index++;
      continue;
    }
    let end = index + 1;
    while (end < events.length && events[end]![1].type === 'data') end++;
    // A data token's enter is followed by its own exit: keep that pair, stretched over the run.
    if (end !== index + 2) event[1].end = events[end - 1]![1].end;
    const exit = events[index + 1]!;
    events[out++] = event;
    events[out++] = exit;
    index = end;
  }
  events.length = out;
  return events;
}
