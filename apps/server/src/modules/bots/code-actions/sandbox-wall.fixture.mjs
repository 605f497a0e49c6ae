// A stand-in for code that escaped the isolate (sandbox.test.ts): run in a process with the
// sandbox's flags, it tries each thing the permission model must refuse and reports the codes.
import { execSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

const attempt = (fn) => {
  try {
    fn();
    return 'allowed';
  } catch (err) {
    return err && typeof err === 'object' && 'code' in err ? String(err.code) : String(err);
  }
};

process.once('message', () => {
  const report = {
    readSecrets: attempt(() => readFileSync('/etc/hostname')),
    readServerSource: attempt(() => readFileSync(new URL('../../../app.ts', import.meta.url))),
    writeFile: attempt(() => writeFileSync('/tmp/convo-sandbox-escape.txt', 'x')),
    spawnProcess: attempt(() => execSync('true')),
    startWorker: attempt(() => new Worker('1', { eval: true })),
  };
  process.send(report, undefined, {}, () => process.exit(0));
});
