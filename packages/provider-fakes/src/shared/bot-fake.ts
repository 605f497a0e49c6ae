import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { readBody, writeJson } from './fake-server.js';

// What the bot-engine fakes (Dialogflow, Lex, Watson, the custom webhook) share: a server on
// 127.0.0.1 that records each call, answers through the provider's own handler, and can be told
// to hang (a provider that never answers: the bot's timeout) for the next requests.

export interface BotFakeCall {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  rawBody: string;
  body: unknown;
}

/** What the agent answers to a customer's text, in a provider-neutral form each fake renders. */
export interface BotFakeAnswer {
  /** The intent matched; absent: no match (the provider's fallback). */
  intent?: string;
  confidence?: number;
  texts?: string[];
  /** A custom payload (Dialogflow payload, Lex CustomPayload, Watson user_defined). */
  payload?: Record<string, unknown>;
}

export interface BotFakeServer {
  url: string;
  calls: BotFakeCall[];
  /** The next `count` requests get no answer until closed. */
  hangNext(count?: number): void;
  close(): Promise<void>;
}

export type BotFakeHandler = (call: BotFakeCall, res: ServerResponse) => void | Promise<void>;

export async function startBotFake(port: number | undefined, handle: BotFakeHandler): Promise<BotFakeServer> {
  const calls: BotFakeCall[] = [];
  const sockets = new Set<Socket>();
  let hanging = 0;
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const rawBody = await readBody(req);
      let body: unknown;
      try {
        body = rawBody ? JSON.parse(rawBody) : undefined;
      } catch {
        body = undefined;
      }
      const call: BotFakeCall = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        rawBody,
        body,
      };
      calls.push(call);
      if (hanging > 0) {
        hanging--;
        return;
      }
      await handle(call, res);
    })().catch((err: unknown) => {
      if (!res.headersSent) writeJson(res, 500, { error: { message: String(err) } });
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(port ?? 0, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    calls,
    hangNext: (count = 1) => {
      hanging += count;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The answer for a text: the first rule whose phrase the text contains (case-insensitive). */
export function answerFor(rules: ReadonlyMap<string, BotFakeAnswer>, text: string): BotFakeAnswer {
  const lower = text.toLowerCase();
  for (const [phrase, answer] of rules) if (lower.includes(phrase.toLowerCase())) return answer;
  return {};
}
