// Preloaded into the benched server by `BENCH_ALLOCATIONS=1` (bench/messaging.bench.ts): V8's
// sampling heap profiler over each load only, SIGUSR2 starting and ending it, counting the objects
// the garbage collector has already collected, so that the short-lived garbage of every request
// shows (a profile of live objects would not). Each load's profile is written as
// <HEAP_SAMPLE_DIR>/<n>.heapprofile, n counting the loads from 0.
const inspector = require('node:inspector');
const fs = require('node:fs');
const path = require('node:path');

const dir = process.env.HEAP_SAMPLE_DIR;
if (dir) {
  const session = new inspector.Session();
  session.connect();
  let sampling = false;
  let loads = 0;
  process.on('SIGUSR2', () => {
    if (!sampling) {
      sampling = true;
      session.post('HeapProfiler.enable', () =>
        session.post('HeapProfiler.startSampling', {
          samplingInterval: 8192,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: true,
        }),
      );
      return;
    }
    sampling = false;
    const file = path.join(dir, `${loads++}.heapprofile`);
    session.post('HeapProfiler.stopSampling', (error, result) => {
      if (error) return;
      // Written whole, then renamed: the bench waits for the file's name.
      fs.writeFileSync(`${file}.part`, JSON.stringify(result.profile));
      fs.renameSync(`${file}.part`, file);
    });
  });
}
