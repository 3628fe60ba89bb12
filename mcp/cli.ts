#!/usr/bin/env node
// stdout carries only the MCP protocol on stdio: anything a dependency logs must go to stderr, so
// console is redirected before the rest of the server is even imported (static imports would run first).
console.log = console.error;
console.info = console.error;
console.debug = console.error;

const { main } = await import('./main.ts');
process.exitCode = await main(process.argv.slice(2));

export {};
