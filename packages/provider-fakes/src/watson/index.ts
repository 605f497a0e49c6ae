import type { ServerResponse } from 'node:http';
import { answerFor, type BotFakeAnswer, type BotFakeServer, startBotFake } from '../shared/bot-fake.js';
import { isRecord, writeJson } from '../shared/fake-server.js';

// IBM Watson Assistant v2 as documented: stateless message
// `POST /instances/{instance}/v2/assistants/{assistant_id}/message?version=YYYY-MM-DD` with
// { input: { message_type, text } } → { output: { generic: [{ response_type, text }], intents } };
// basic auth with user `apikey` and the instance's API key. Errors `{ code, error }`.

export interface FakeWatson extends BotFakeServer {
  /** An instance's service URL (what the admin pastes) for an API key. */
  addInstance(instanceId: string, apiKey: string): string;
  addAssistant(assistantId: string, rules: Record<string, BotFakeAnswer>): void;
}

const PATH = /^\/instances\/([^/]+)\/v2\/assistants\/([^/]+)\/message$/;

const error = (res: ServerResponse, code: number, message: string) =>
  writeJson(res, code, { code, error: message });

export async function startFakeWatson(options: { port?: number } = {}): Promise<FakeWatson> {
  const instances = new Map<string, string>();
  const assistants = new Map<string, Map<string, BotFakeAnswer>>();
  const server = await startBotFake(options.port, (call, res) => {
    const m = PATH.exec(call.path);
    if (call.method !== 'POST' || !m) return error(res, 404, 'Not Found');
    const header = String(call.headers.authorization ?? '');
    const [user, key] = Buffer.from(header.replace(/^Basic /, ''), 'base64')
      .toString()
      .split(':');
    if (!header.startsWith('Basic ') || user !== 'apikey' || instances.get(m[1] ?? '') !== key)
      return error(res, 401, 'Unauthorized');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(call.query.version ?? ''))
      return error(res, 400, 'Missing required query parameter `version`');
    const assistant = assistants.get(decodeURIComponent(m[2] ?? ''));
    if (!assistant) return error(res, 404, 'Resource not found');
    const input = isRecord(call.body) && isRecord(call.body.input) ? call.body.input : {};
    if (typeof input.text !== 'string') return error(res, 400, 'Invalid request: input.text is required');
    const a = answerFor(assistant, input.text);
    writeJson(res, 200, {
      output: {
        generic: [
          ...(a.intent ? (a.texts ?? []) : ["I didn't understand. You can try rephrasing."]).map((text) => ({
            response_type: 'text',
            text,
          })),
          ...(a.payload ? [{ response_type: 'user_defined', user_defined: a.payload }] : []),
        ],
        intents: a.intent ? [{ intent: a.intent, confidence: a.confidence ?? 0.9 }] : [],
        entities: [],
      },
      user_id: isRecord(call.body) ? call.body.user_id : undefined,
    });
  });
  return {
    ...server,
    addInstance(instanceId, apiKey) {
      instances.set(instanceId, apiKey);
      return `${server.url}/instances/${instanceId}`;
    },
    addAssistant(assistantId, rules) {
      assistants.set(assistantId, new Map(Object.entries(rules)));
    },
  };
}
