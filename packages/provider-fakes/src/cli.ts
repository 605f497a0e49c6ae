// Runs the three LLM provider fakes as one process, for a person trying the LLM bots without a key
// or for a test run whose server is started separately (Playwright's webServer):
//   npx tsx packages/provider-fakes/src/cli.ts [--port=4100] [--key=any-key] [--recaptcha[=secret]]
// OpenAI on the port, Anthropic on port+1, Gemini on port+2; prints the server's env lines.
// Every request gets a short streamed text reply; a key, when given, must match.
// `--recaptcha` adds the reCAPTCHA siteverify fake on port+3 (opt-in: its env lines turn the
// captcha check of `register/v2/account` on); `curl -X POST <its url>/fake/tokens` gives a token.
import { startFakeAnthropic } from './anthropic/index.js';
import { startFakeGemini } from './gemini/index.js';
import { startFakeOpenAI } from './openai/index.js';
import { startFakeRecaptcha } from './recaptcha/index.js';
import type { FakeReply } from './shared/fake-server.js';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const port = Number(arg('port') ?? 4100);
if (!Number.isInteger(port) || port < 1 || port > 65_532) {
  process.stderr.write('--port takes a port number (the fakes use it and the next three)\n');
  process.exit(2);
}
const apiKey = arg('key');
const recaptchaSecret = process.argv.includes('--recaptcha') ? 'fake-recaptcha-secret' : arg('recaptcha');
const defaultReply: FakeReply = {
  kind: 'text',
  chunks: ['This is', ' a reply', ' from the local', ' provider fake.'],
  firstChunkDelayMs: 50,
  chunkDelayMs: 30,
};
const fakes = await Promise.all([
  startFakeOpenAI({ port, apiKey, defaultReply }),
  startFakeAnthropic({ port: port + 1, apiKey, defaultReply }),
  startFakeGemini({ port: port + 2, apiKey, defaultReply }),
]);
const [openai, anthropic, gemini] = fakes;
process.stdout.write(
  `OPENAI_BASE_URL=${openai.url}\nANTHROPIC_BASE_URL=${anthropic.url}\nGEMINI_BASE_URL=${gemini.url}\n`,
);
const recaptcha = recaptchaSecret
  ? await startFakeRecaptcha({ port: port + 3, secret: recaptchaSecret })
  : undefined;
if (recaptcha) {
  process.stdout.write(`CAPTCHA_VERIFY_URL=${recaptcha.verifyUrl}\nCAPTCHA_SECRET=${recaptcha.secret}\n`);
}
const stop = () => {
  void Promise.all([...fakes, ...(recaptcha ? [recaptcha] : [])].map((f) => f.close())).then(() =>
    process.exit(0),
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
