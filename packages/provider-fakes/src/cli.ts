// Starts provider fakes by name, for an operator trying a channel or an LLM bot without an account
// at the provider, or for a test run whose server is started separately:
//   npx tsx packages/provider-fakes/src/cli.ts [name ...] [--port=4100] [--key=any-key]
// Without a name it starts `llm` (as before). `--list` names every fake. It prints the server's
// environment lines (start Convo with them) and what to enter in the dashboard; for the chat
// channels each line typed here is sent to Convo as a customer's message and Convo's replies are
// printed back. See packages/provider-fakes/README.md.
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { FAKES, fakeNamed, type StartedFake } from './cli/catalogue.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    port: { type: 'string', default: '4100' },
    key: { type: 'string' },
    list: { type: 'boolean', default: false },
    // Kept from the first version of this command: `--recaptcha` adds the captcha fake.
    recaptcha: { type: 'boolean', default: false },
  },
});

const out = (line: string) => process.stdout.write(`${line}\n`);

if (values.list) {
  for (const f of FAKES) out(`${f.name.padEnd(20)} ${f.summary}`);
  process.exit(0);
}

const names = positionals.length > 0 ? positionals : ['llm'];
if (values.recaptcha && !names.includes('recaptcha')) names.push('recaptcha');
const unknown = names.filter((n) => !fakeNamed(n));
if (unknown.length > 0) {
  process.stderr.write(
    `Unknown fake: ${unknown.join(', ')}. Known: ${FAKES.map((f) => f.name).join(', ')}\n`,
  );
  process.exit(2);
}
const entries = names.map((n) => fakeNamed(n)).filter((f) => f !== undefined);
const firstPort = Number(values.port);
const portsNeeded = entries.reduce((sum, f) => sum + f.ports, 0);
if (!Number.isInteger(firstPort) || firstPort < 1 || firstPort + portsNeeded - 1 > 65_535) {
  process.stderr.write(`--port takes a port number (these fakes use it and the next ${portsNeeded - 1})\n`);
  process.exit(2);
}

const started: { name: string; fake: StartedFake }[] = [];
let port = firstPort;
for (const entry of entries) {
  started.push({ name: entry.name, fake: await entry.start(port, { apiKey: values.key }) });
  port += entry.ports;
}

// The env lines first and alone, so `... | head` or a copy-paste gives a working environment.
// Convo refuses loopback addresses tenants configure unless OUTBOUND_ALLOW lets them.
out('OUTBOUND_ALLOW=127.0.0.1');
for (const { fake } of started) for (const [k, v] of Object.entries(fake.env)) out(`${k}=${v}`);
out('');
for (const { name, fake } of started) for (const line of fake.instructions) out(`# ${name}: ${line}`);

const chatty = started.filter((s) => s.fake.say);
if (chatty.length > 0 && process.stdin.isTTY !== false) {
  out(
    `# type a line to send it as a customer of ${chatty.map((c) => c.name).join(', ')}` +
      (chatty.length > 1 ? ' (prefix it with "<name>: " to pick one)' : ''),
  );
  const input = createInterface({ input: process.stdin });
  input.on('line', (line) => {
    const text = line.trim();
    if (!text) return;
    const prefixed = chatty.find((c) => text.startsWith(`${c.name}:`));
    const target = prefixed ?? chatty[0]!;
    const message = prefixed ? text.slice(prefixed.name.length + 1).trim() : text;
    void target.fake.say!(message).then(
      (result) => out(`# ${target.name}: ${result}`),
      (err: unknown) =>
        out(`# ${target.name}: not sent: ${err instanceof Error ? err.message : String(err)}`),
    );
  });
  // Convo's replies through the fakes, as the customer would see them.
  const poll = setInterval(() => {
    for (const { name, fake } of chatty)
      for (const reply of fake.replies?.() ?? []) out(`< ${name}: ${reply}`);
  }, 250);
  poll.unref();
}

const stop = () => {
  void Promise.all(started.map((s) => s.fake.close())).then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
