#!/usr/bin/env node
// stdout carries only the MCP protocol on stdio: anything a dependency logs must go to stderr, so
// console is redirected before the rest of the server is even imported (static imports would run first).
console.log = console.error;
console.info = console.error;
console.debug = console.error;

// Every client start is a fresh process: V8's compiled code of the server's modules is kept between starts (Node's
// compile cache), which takes a third off loading them. It lives in the user's own cache folder (compile-cache.ts says
// why); a folder that cannot be made only costs the speed-up, so the result is not checked.
const { compileCacheDir } = await import('./compile-cache.ts');
(await import('node:module')).enableCompileCache?.(compileCacheDir());
const { main } = await import('./main.ts');
process.exitCode = await main(process.argv.slice(2));

export {};
