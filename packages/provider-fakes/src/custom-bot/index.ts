import { type BotFakeServer, startBotFake } from '../shared/bot-fake.js';
import { isRecord, writeJson } from '../shared/fake-server.js';

// A custom bot webhook that follows Convo's contract (docs/bots/custom-webhook.md): it receives
// { botId, key, from, message, groupId, metadata, contentType, applicationKey, source, eventName,
// createdAt } and answers an array of { message, metadata }. By default it echoes; a message
// containing "human" is answered with a handoff (KM_ASSIGN_TO) to `assignTo`; a bearer token can
// be required; `failNext` answers 500 to the next requests.

export interface FakeCustomBot extends BotFakeServer {
  /** The webhook URL to configure. */
  webhookUrl: string;
  /** The agent (user id) a "human" message is handed to. */
  assignTo: string;
  failNext(count?: number): void;
}

export async function startFakeCustomBot(options: { port?: number; token?: string; assignTo?: string } = {}) {
  let failing = 0;
  const state = { assignTo: options.assignTo ?? '' };
  const server = await startBotFake(options.port, (call, res) => {
    if (call.method !== 'POST' || call.path !== '/webhook')
      return writeJson(res, 404, { error: 'not found' });
    if (options.token && call.headers.authorization !== `Bearer ${options.token}`)
      return writeJson(res, 401, { error: 'unauthorized' });
    if (failing > 0) {
      failing--;
      return writeJson(res, 500, { error: 'the bot broke' });
    }
    const message = isRecord(call.body) && typeof call.body.message === 'string' ? call.body.message : '';
    if (/human/i.test(message))
      return writeJson(res, 200, [
        { message: 'Connecting you to a person.', metadata: { KM_ASSIGN_TO: state.assignTo } },
      ]);
    return writeJson(res, 200, [{ message: `Custom bot heard: ${message}` }]);
  });
  const fake: FakeCustomBot = {
    ...server,
    webhookUrl: `${server.url}/webhook`,
    get assignTo() {
      return state.assignTo;
    },
    set assignTo(v: string) {
      state.assignTo = v;
    },
    failNext: (count = 1) => {
      failing += count;
    },
  };
  return fake;
}
