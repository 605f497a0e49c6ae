// Upload bombs (issue 32): the built server (apps/server/dist, PGlite) is sent a .docx whose
// word/document.xml inflates to BOMB_MB (423 MB by default, the size measured in the issue; made
// here as a stream, ~1/1000 of it), then /health is asked every 50 ms until the source has failed.
// Prints the server process's memory (RSS, VmHWM; the parsing runs in a child process of its own)
// and /health's latency while the file was parsed. Needs `npm run build -w @convo/server`.
// Usage: npx tsx bench/upload-bomb.bench.ts   (PORT=3290 BOMB_MB=423 to change them; the server
// takes the PARSE_* settings from the environment: PARSE_MAX_UNPACKED_MB=2048
// PARSE_MAX_COMPRESSION_RATIO=100000 lets the bomb through to the parser, to see the memory cap.)
import { readFileSync } from 'node:fs';
import {
  ACCOUNT_PATHS,
  BOT_PATHS,
  type Bot,
  KNOWLEDGE_PATHS,
  type KnowledgeSource,
  knowledgePath,
} from '@convo/api';
import { buildDocxBomb } from '../apps/server/src/modules/bots/knowledge/test-documents.js';
import { newSignup } from '../apps/server/src/testing/test-app.js';
import { startServer } from './lib/server-process.js';
import { percentile, printTable } from './lib/stats.js';

const MB = 1024 * 1024;
const BOMB_MB = Number(process.env.BOMB_MB ?? 423);
const PORT = Number(process.env.PORT ?? 3290);

const peakRssMb = (pid: number) =>
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

const bomb = await buildDocxBomb(BOMB_MB * MB);
const server = await startServer({ port: PORT });
try {
  const json = async (res: Response) => {
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${res.url}: ${res.status} ${text}`);
    return (JSON.parse(text) as { data: unknown }).data;
  };
  const session = (await json(
    await fetch(`${server.base}${ACCOUNT_PATHS.signup}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(newSignup()),
    }),
  )) as { token: string };
  const auth = { authorization: `Bearer ${session.token}` };
  const bot = (await json(
    await fetch(`${server.base}${BOT_PATHS.bots}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bomb target', engine: 'openai' }),
    }),
  )) as Bot;
  const before = peakRssMb(server.pid);
  const rssBefore = server.rssMb();
  let rssDuring = rssBefore;
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(bomb)]), 'bomb.docx');
  const started = performance.now();
  const created = (await json(
    await fetch(`${server.base}${knowledgePath(KNOWLEDGE_PATHS.documents, bot.id)}`, {
      method: 'POST',
      headers: auth,
      body: form,
    }),
  )) as KnowledgeSource;
  const latencies: number[] = [];
  let final: KnowledgeSource | undefined;
  while (performance.now() - started < 180_000) {
    const t0 = performance.now();
    const health = await fetch(`${server.base}/health`);
    await health.text();
    latencies.push(performance.now() - t0);
    rssDuring = Math.max(rssDuring, server.rssMb());
    const sources = (await json(
      await fetch(`${server.base}${knowledgePath(KNOWLEDGE_PATHS.sources, bot.id)}`, { headers: auth }),
    )) as KnowledgeSource[];
    final = sources.find((s) => s.id === created.id);
    if (final && (final.status === 'failed' || final.status === 'ready')) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const elapsed = performance.now() - started;
  const sorted = [...latencies].sort((x, y) => x - y);
  const maxLatency = sorted.at(-1) ?? Number.NaN;
  const failed = final?.status === 'failed';
  const row = (figure: string, value: string, budget = '', pass: boolean | null = null) => ({
    figure,
    value,
    budget,
    pass,
  });
  printTable(
    `Upload bomb: a ${(bomb.byteLength / MB).toFixed(2)} MB .docx inflating to ${BOMB_MB} MB (built server, PGlite)`,
    [
      row(
        'outcome',
        `${final?.status ?? 'unfinished'}: ${final?.error ?? ''}`,
        'failed, with the reason',
        failed,
      ),
      row('upload to outcome', `${Math.round(elapsed)} ms`),
      row('RSS before the upload', `${Math.round(rssBefore)} MB`),
      row('highest RSS sampled during the parse', `${Math.round(rssDuring)} MB`),
      row('peak RSS (VmHWM) before the upload', `${Math.round(before)} MB`),
      row('peak RSS (VmHWM) after the parse', `${Math.round(peakRssMb(server.pid))} MB`),
      row('RSS after', `${Math.round(server.rssMb())} MB`),
      row('/health answers (every 50 ms)', String(latencies.length)),
      row('/health p50 latency', `${percentile(sorted, 50).toFixed(1)} ms`),
      row('/health max latency', `${maxLatency.toFixed(1)} ms`, '< 1000 ms', maxLatency < 1000),
    ],
  );
} finally {
  await server.stop();
}
