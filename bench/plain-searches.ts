// Child process of bench/server.ts (`plainRssAfterSearches`): plain MiniSearch held as a server would hold it, measured
// as the MCP server is after its searches (bench/mcp.ts `mcpSearchLatencies`): the index restored from its JSON (the
// text not kept), `searches` searches cycling through the queries with a turn of the event loop after each (a server
// reads each request from stdin), then the process's resident set as it is, without a forced collection.
// argv: <plain index JSON file> <queries JSON file> <searches>
import { readFileSync } from 'node:fs';
import MiniSearch from 'minisearch';

const [file, queriesFile, searches] = process.argv.slice(2) as [string, string, string];
const plain = MiniSearch.loadJSON(readFileSync(file, 'utf8'), { fields: ['text'] });
const queries = JSON.parse(readFileSync(queriesFile, 'utf8')) as string[];
for (let i = 0; i < Number(searches); i++) {
  plain.search(queries[i % queries.length]!);
  await new Promise((turn) => setImmediate(turn));
}
console.log(JSON.stringify({ rssMiB: process.memoryUsage().rss / 2 ** 20 }));
