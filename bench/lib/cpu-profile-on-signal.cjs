// Preloaded into the benched server by `BENCH_CPU_PROFILE_DIR=<dir>` (bench/messaging.bench.ts): V8's
// CPU profiler over each load only, SIGUSR2 starting and ending it, so that the profile holds the
// sends and not the set-up (sign-ups, sockets opening). Each load's profile is written as
// <CPU_PROFILE_DIR>/<n>.cpuprofile, n counting the loads from 0; bench/profile-summary.ts reads them.
const inspector = require('node:inspector');
const fs = require('node:fs');
const path = require('node:path');

const dir = process.env.CPU_PROFILE_DIR;
if (dir) {
  const session = new inspector.Session();
  session.connect();
  let profiling = false;
  let loads = 0;
  process.on('SIGUSR2', () => {
    if (!profiling) {
      profiling = true;
      session.post('Profiler.enable', () => session.post('Profiler.start'));
      return;
    }
    profiling = false;
    const file = path.join(dir, `${loads++}.cpuprofile`);
    session.post('Profiler.stop', (error, result) => {
      if (error) return;
      fs.writeFileSync(file, JSON.stringify(result.profile));
    });
  });
}
