import { runCli } from './cli.js';

// Entry point of the operator command: `npm run convo -- <command>` (dist/convo.js).

const code = await runCli(process.argv.slice(2), process.env, {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
process.exit(code);
