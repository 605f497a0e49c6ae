// Preloaded into the benched server by bench/messaging.bench.ts: V8's profilers over each load only,
// SIGUSR2 starting and ending them, so that a profile holds the sends and not the set-up. Each
// load's profile is written as <dir>/<n>.<kind>, n counting the loads from 0:
// - HEAP_SAMPLE_DIR (`BENCH_ALLOCATIONS=1`): the sampling heap profiler, counting the objects the
//   garbage collector has already collected, so that the short-lived garbage of every request shows
//   (a profile of live objects would not); <n>.heapprofile.
// - CPU_PROFILE_DIR (`BENCH_CPU_PROFILE_DIR`): the CPU profiler; <n>.cpuprofile, which
//   bench/profile-summary.ts reads.
const inspector = require('node:inspector');
const fs = require('node:fs');
const path = require('node:path');

const profilers = [
  {
    dir: process.env.HEAP_SAMPLE_DIR,
    domain: 'HeapProfiler',
    start: [
      'HeapProfiler.startSampling',
      {
        samplingInterval: 8192,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      },
    ],
    stop: 'HeapProfiler.stopSampling',
    extension: 'heapprofile',
  },
  {
    dir: process.env.CPU_PROFILE_DIR,
    domain: 'Profiler',
    start: ['Profiler.start', {}],
    stop: 'Profiler.stop',
    extension: 'cpuprofile',
  },
].filter((p) => p.dir);

if (profilers.length > 0) {
  const session = new inspector.Session();
  session.connect();
  let running = false;
  let loads = 0;
  process.on('SIGUSR2', () => {
    running = !running;
    if (running) {
      for (const p of profilers) session.post(`${p.domain}.enable`, () => session.post(...p.start));
      return;
    }
    const load = loads++;
    for (const p of profilers) {
      const file = path.join(p.dir, `${load}.${p.extension}`);
      session.post(p.stop, (error, result) => {
        if (error) return;
        // Written whole, then renamed: the bench waits for the heap profile's name.
        fs.writeFileSync(`${file}.part`, JSON.stringify(result.profile));
        fs.renameSync(`${file}.part`, file);
      });
    }
  });
}
