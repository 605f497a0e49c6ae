// Preloaded into a benched server (with --expose-gc) by bench/sockets.bench.ts: SIGUSR2 runs a full
// garbage collection, so that a reading of the server's memory counts what it holds, not garbage
// a collection was about to free (a single reading fell either side of one: 9–19 KB a session for
// one build, three runs, 2026-11-30).
process.on('SIGUSR2', () => {
  if (typeof globalThis.gc !== 'function') return;
  // Twice: what the first one's finalisers let go of goes too.
  globalThis.gc();
  globalThis.gc();
});
