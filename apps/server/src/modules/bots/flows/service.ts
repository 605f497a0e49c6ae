import {
  FLOW_INVALID,
  type FlowDetail,
  type FlowSummary,
  type FlowUpdate,
  type FlowVersion,
  flowGraphSchema,
} from '@convo/api';
import { type FlowGraph, type FlowValidationContext, validateFlowGraph } from '@convo/domain';
import { AppError, notFound } from '../../../http/errors.js';
import type { Db } from '../../../platform/db/database.js';
import { createKeyedBatcher, type KeyedBatcher } from '../../../platform/keyed-batcher.js';
import { listCodeActionsOf, runCodeAction } from '../code-actions/service.js';
import { findBot } from '../repository.js';
import * as repo from './repository.js';
import {
  type FlowCode,
  type FlowHttp,
  type FlowRunState,
  type FlowTurnResult,
  runFlowTurn,
  startState,
} from './runner.js';

// Flows of a bot: the draft is saved as the admin edits; publishing validates it and adds an
// immutable version; rollback publishes an earlier version again as the newest (history stays
// linear and says so). Customers only ever run a published version.

const flowMissing = () => notFound('Flow not found.');

/** A new flow: one message, then the end. */
export function emptyGraph(): FlowGraph {
  return {
    start: 'start',
    attributes: [],
    nodes: [
      { id: 'start', type: 'message', position: { x: 0, y: 0 }, text: 'Hi!' },
      { id: 'end', type: 'end', position: { x: 0, y: 160 } },
    ],
    edges: [{ id: 'start-end', source: 'start', target: 'end', handle: 'next' }],
  };
}

/** A stored graph, re-checked against the contract (rows written by an older server stay readable). */
export function graphOf(value: unknown): FlowGraph {
  const parsed = flowGraphSchema.safeParse(value);
  return parsed.success ? parsed.data : { start: '', attributes: [], nodes: [], edges: [] };
}

/** Runs a code step's action of an application (the composition's choice; tests give their own). */
export type FlowCodeRunner = (
  applicationId: string,
  actionId: string,
  input: Record<string, string>,
) => Promise<Awaited<ReturnType<FlowCode>>>;

/** Code steps run the application's saved actions in the code-action sandbox. */
export function sandboxFlowCode(db: Db): FlowCodeRunner {
  return async (applicationId, actionId, input) => {
    const r = await runCodeAction({ db }, { applicationId, actionId, input });
    return r.ok ? { ok: true, json: r.output } : { ok: false, error: r.error };
  };
}

const bindCode =
  (runner: FlowCodeRunner, applicationId: string): FlowCode =>
  (actionId, input) =>
    runner(applicationId, actionId, input);

/** What publishing checks a graph against: the application's code actions. */
async function validationContext(db: Db, applicationId: string): Promise<FlowValidationContext> {
  const actions = await listCodeActionsOf({ db }, applicationId);
  return { codeActions: new Set(actions.map((a) => a.id)) };
}

async function requireBot(db: Db, applicationId: string, botId: string) {
  const bot = await findBot(db, applicationId, botId);
  if (!bot) throw notFound('Bot not found.');
  return bot;
}

async function requireFlow(db: Db, applicationId: string, botId: string, flowId: string, lock = false) {
  const flow = await repo.findFlow(db, applicationId, botId, flowId, lock);
  if (!flow) throw flowMissing();
  return flow;
}

async function summaryOf(db: Db, row: repo.FlowRow): Promise<FlowSummary> {
  const published =
    row.publishedVersion === null
      ? undefined
      : await repo.findVersion(db, row.applicationId, row.id, row.publishedVersion);
  return {
    id: row.id,
    name: row.name,
    botKey: row.botId,
    intent: row.intent,
    isDefault: row.isDefault,
    publishedVersion: row.publishedVersion,
    hasChanges: !published || JSON.stringify(published.graph) !== JSON.stringify(row.draft),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function detailOf(db: Db, row: repo.FlowRow): Promise<FlowDetail> {
  const draft = graphOf(row.draft);
  const context = await validationContext(db, row.applicationId);
  return { ...(await summaryOf(db, row)), draft, problems: validateFlowGraph(draft, context) };
}

export async function listFlows(db: Db, applicationId: string, botId: string): Promise<FlowSummary[]> {
  await requireBot(db, applicationId, botId);
  const rows = await repo.listFlows(db, applicationId, botId);
  return Promise.all(rows.map((r) => summaryOf(db, r)));
}

export async function getFlow(
  db: Db,
  applicationId: string,
  botId: string,
  flowId: string,
): Promise<FlowDetail> {
  return detailOf(db, await requireFlow(db, applicationId, botId, flowId));
}

export async function createFlow(
  db: Db,
  applicationId: string,
  botId: string,
  input: { name: string; draft?: FlowGraph | undefined },
): Promise<FlowDetail> {
  await requireBot(db, applicationId, botId);
  const row = await repo.insertFlow(db, {
    applicationId,
    botId,
    name: input.name,
    draft: input.draft ?? emptyGraph(),
  });
  return detailOf(db, row);
}

export async function updateFlow(
  db: Db,
  applicationId: string,
  botId: string,
  flowId: string,
  input: FlowUpdate,
): Promise<FlowDetail> {
  const row = await db.transaction(async (tx) => {
    await requireFlow(tx, applicationId, botId, flowId, true);
    if (input.isDefault === true) await repo.clearDefault(tx, applicationId, botId);
    return repo.updateFlow(tx, applicationId, flowId, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.intent !== undefined ? { intent: input.intent } : {}),
      ...(input.isDefault !== undefined ? { isDefault: input.isDefault } : {}),
      ...(input.draft !== undefined ? { draft: input.draft } : {}),
    });
  });
  if (!row) throw flowMissing();
  rememberName(applicationId, row.id, row.name);
  return detailOf(db, row);
}

export async function deleteFlow(
  db: Db,
  applicationId: string,
  botId: string,
  flowId: string,
): Promise<void> {
  if (!(await repo.deleteFlow(db, applicationId, botId, flowId))) throw flowMissing();
}

/** Validates the draft and publishes it as the next version; 422 FLOW_INVALID lists what is wrong. */
export async function publishFlow(
  db: Db,
  applicationId: string,
  botId: string,
  flowId: string,
): Promise<FlowDetail> {
  const row = await db.transaction(async (tx) => {
    const flow = await requireFlow(tx, applicationId, botId, flowId, true);
    const draft = graphOf(flow.draft);
    const problems = validateFlowGraph(draft, await validationContext(tx, applicationId));
    if (problems.length > 0) {
      const first = problems[0];
      throw new AppError(
        422,
        FLOW_INVALID,
        `The flow cannot be published: ${first?.message ?? ''}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}`,
        problems,
      );
    }
    const version = await repo.insertVersion(tx, {
      applicationId,
      flowId,
      graph: draft,
      rolledBackFrom: null,
    });
    return repo.updateFlow(tx, applicationId, flowId, { publishedVersion: version.version });
  });
  if (!row) throw flowMissing();
  return detailOf(db, row);
}

/** Publishes an earlier version again, as a new version, and makes it the draft. */
export async function rollbackFlow(
  db: Db,
  applicationId: string,
  botId: string,
  flowId: string,
  version: number,
): Promise<FlowDetail> {
  const row = await db.transaction(async (tx) => {
    await requireFlow(tx, applicationId, botId, flowId, true);
    const earlier = await repo.findVersion(tx, applicationId, flowId, version);
    if (!earlier) throw notFound('Version not found.');
    const again = await repo.insertVersion(tx, {
      applicationId,
      flowId,
      graph: earlier.graph,
      rolledBackFrom: version,
    });
    return repo.updateFlow(tx, applicationId, flowId, {
      publishedVersion: again.version,
      draft: earlier.graph,
    });
  });
  if (!row) throw flowMissing();
  return detailOf(db, row);
}

export async function listVersions(
  db: Db,
  applicationId: string,
  botId: string,
  flowId: string,
): Promise<FlowVersion[]> {
  await requireFlow(db, applicationId, botId, flowId);
  const rows = await repo.listVersions(db, applicationId, flowId);
  return rows.map((v) => ({
    version: v.version,
    createdAt: v.createdAt.toISOString(),
    rolledBackFrom: v.rolledBackFrom,
    nodeCount: graphOf(v.graph).nodes.length,
  }));
}

/** The emulator: one turn of the draft, from the state the client carries; nothing is stored. */
export async function emulateFlow(
  db: Db,
  http: FlowHttp,
  applicationId: string,
  botId: string,
  flowId: string,
  input: { message?: string | undefined; state?: FlowRunState | null | undefined },
  code: FlowCodeRunner = sandboxFlowCode(db),
): Promise<FlowTurnResult> {
  const flow = await requireFlow(db, applicationId, botId, flowId);
  const graph = graphOf(flow.draft);
  const state = input.state ?? startState(graph);
  return runFlowTurn(graph, state, input.message?.trim() || null, http, bindCode(code, applicationId));
}

// --- The bot runtime's side ------------------------------------------------------------------

export interface FlowTurnInput {
  applicationId: string;
  botId: string;
  conversationId: number;
  messageId: number;
  message: string;
}

// The hot path: every customer turn of a bot with flows. Turns arriving together (a burst of
// conversations starting at one instant) read their runs and the default flows in one statement
// and store their runs in one (group commit, platform/keyed-batcher): on the embedded database
// every statement waits for the one before it, and 200 starts of 3–4 statements each queued for
// most of a second (bench/flows.bench.ts). A turn alone is a batch of one, one event-loop turn later.
const MAX_TURN_BATCH = 200;

interface TurnRead {
  conversationId: number;
  botId: string;
}
interface TurnFound {
  run: repo.FlowRunRow | undefined;
  /** The bot's published default flow, looked up only when the conversation has no run. */
  defaultFlow: repo.FlowRow | undefined;
}

const turnReads = new WeakMap<Db, KeyedBatcher<TurnRead, TurnFound>>();
const runWrites = new WeakMap<Db, KeyedBatcher<repo.FlowRunWrite, void>>();

function turnReadsOf(db: Db) {
  let batcher = turnReads.get(db);
  if (!batcher) {
    batcher = createKeyedBatcher<TurnRead, TurnFound>(async (applicationId, items) => {
      const runs = await repo.findRuns(
        db,
        applicationId,
        items.map((i) => i.conversationId),
      );
      const runOf = new Map(runs.map((r) => [r.conversationId, r]));
      const starting = [...new Set(items.filter((i) => !runOf.has(i.conversationId)).map((i) => i.botId))];
      const flows = await repo.findDefaultFlows(db, applicationId, starting);
      const flowOf = new Map(flows.map((f) => [f.botId, f]));
      return items.map((i) => {
        const run = runOf.get(i.conversationId);
        return { ok: true, value: { run, defaultFlow: run ? undefined : flowOf.get(i.botId) } };
      });
    }, MAX_TURN_BATCH);
    turnReads.set(db, batcher);
  }
  return batcher;
}

function runWritesOf(db: Db) {
  let batcher = runWrites.get(db);
  if (!batcher) {
    batcher = createKeyedBatcher<repo.FlowRunWrite, void>(async (_applicationId, items) => {
      // One row per conversation in a statement: the later write of a conversation wins.
      const last = new Map(items.map((i) => [i.conversationId, i]));
      await repo.saveRuns(db, [...last.values()]);
      return items.map(() => ({ ok: true, value: undefined }));
    }, MAX_TURN_BATCH);
    runWrites.set(db, batcher);
  }
  return batcher;
}

/** A turn of a customer's flow, with the flow it ran (bot analytics records its answers by name). */
export type FlowRuntimeTurn = FlowTurnResult & { flow: { id: string; name: string } };

/** How the runtime's flow steps reach outside: an API step's HTTP, a code step's sandbox. */
export interface FlowEffects {
  http: FlowHttp;
  code: FlowCodeRunner;
}

/**
 * The customer's message inside a running flow, or starting the bot's default flow at the
 * conversation's first turn. null: no flow has the conversation (the engine answers).
 */
export async function continueOrStartFlow(
  db: Db,
  effects: FlowEffects,
  input: FlowTurnInput,
): Promise<FlowRuntimeTurn | null> {
  const { run, defaultFlow } = await turnReadsOf(db).submit(input.applicationId, {
    conversationId: input.conversationId,
    botId: input.botId,
  });
  if (run && run.status === 'running' && run.botId === input.botId) {
    // A retried job for a message this run already took: nothing more to say.
    if (run.lastMessageId !== null && run.lastMessageId >= input.messageId) return null;
    const graph = await publishedGraph(db, input.applicationId, run.flowId, run.version);
    if (graph) {
      const state: FlowRunState = { nodeId: run.nodeId, waiting: run.waiting, attributes: run.attributes };
      const named = { id: run.flowId, name: await flowName(db, input.applicationId, run.flowId) };
      return advance(db, effects, input, named, run.version, graph, state, input.message);
    }
  }
  if (run) return null;
  return defaultFlow ? startFlow(db, effects, input, defaultFlow) : null;
}

/** The engine answered with an intent that starts a flow: start it (the customer's message is not an answer yet). */
export async function startFlowForIntent(
  db: Db,
  effects: FlowEffects,
  input: FlowTurnInput,
  intent: string,
): Promise<FlowRuntimeTurn | null> {
  const flow = await repo.findStartingFlow(db, input.applicationId, input.botId, intent);
  return flow ? startFlow(db, effects, input, flow) : null;
}

// A published version never changes, so its parsed graph is kept (bounded) instead of being read
// and parsed on every customer turn; the key names the application, so nothing crosses tenants.
// The promise is kept, not the graph: turns that miss together (a new version's first burst) share
// one read and one parse instead of each making its own.
const VERSION_CACHE_MAX = 500;
const versionCache = new Map<string, Promise<FlowGraph | undefined>>();

function publishedGraph(db: Db, applicationId: string, flowId: string, version: number) {
  const key = `${applicationId}\u0000${flowId}\u0000${version}`;
  const cached = versionCache.get(key);
  if (cached) return cached;
  const loading = repo.findVersion(db, applicationId, flowId, version).then(
    (row) => {
      if (!row) versionCache.delete(key);
      return row ? graphOf(row.graph) : undefined;
    },
    (err: unknown) => {
      versionCache.delete(key);
      throw err;
    },
  );
  if (versionCache.size >= VERSION_CACHE_MAX) {
    const oldest = versionCache.keys().next().value;
    if (oldest !== undefined) versionCache.delete(oldest);
  }
  versionCache.set(key, loading);
  return loading;
}

// A running flow's name only labels its answers in bot analytics, so it is kept in memory
// (bounded; renames in this process update it) rather than read on every turn: with one more
// query per turn, bench/flows.bench.ts on the embedded database (a busy machine) had runs where the
// running step's p95 went from ~3-10 ms to ~200 ms. Another node's rename shows there after its
// restart; the flow itself always runs from its stored version.
const NAME_CACHE_MAX = 2000;
const nameCache = new Map<string, string>();
const nameKey = (applicationId: string, flowId: string) => `${applicationId}\u0000${flowId}`;

function rememberName(applicationId: string, flowId: string, name: string) {
  const key = nameKey(applicationId, flowId);
  nameCache.delete(key);
  if (nameCache.size >= NAME_CACHE_MAX) {
    const oldest = nameCache.keys().next().value;
    if (oldest !== undefined) nameCache.delete(oldest);
  }
  nameCache.set(key, name);
}

async function flowName(db: Db, applicationId: string, flowId: string): Promise<string> {
  const cached = nameCache.get(nameKey(applicationId, flowId));
  if (cached !== undefined) return cached;
  // A flow deleted mid-run has its runs deleted with it; the id is only a fallback label.
  const name = (await repo.findFlowName(db, applicationId, flowId)) ?? flowId;
  rememberName(applicationId, flowId, name);
  return name;
}

async function startFlow(db: Db, effects: FlowEffects, input: FlowTurnInput, flow: repo.FlowRow) {
  if (flow.publishedVersion === null) return null;
  const graph = await publishedGraph(db, input.applicationId, flow.id, flow.publishedVersion);
  if (!graph) return null;
  rememberName(input.applicationId, flow.id, flow.name);
  const named = { id: flow.id, name: flow.name };
  return advance(db, effects, input, named, flow.publishedVersion, graph, startState(graph), null);
}

async function advance(
  db: Db,
  effects: FlowEffects,
  input: FlowTurnInput,
  flow: { id: string; name: string },
  version: number,
  graph: FlowGraph,
  state: FlowRunState,
  message: string | null,
): Promise<FlowRuntimeTurn> {
  const code = bindCode(effects.code, input.applicationId);
  const result = await runFlowTurn(graph, state, message, effects.http, code);
  // Stored before the turn's messages are sent: a restart resumes from here.
  await runWritesOf(db).submit(input.applicationId, {
    conversationId: input.conversationId,
    applicationId: input.applicationId,
    botId: input.botId,
    flowId: flow.id,
    version,
    nodeId: result.state.nodeId,
    waiting: result.state.waiting,
    attributes: result.state.attributes,
    status: result.done ? 'done' : 'running',
    lastMessageId: input.messageId,
  });
  return { ...result, flow };
}

// --- Export and import (the builder's /settings/export and /settings/import) ------------------

export interface FlowExport {
  name: string;
  intent: string | null;
  isDefault: boolean;
  published: boolean;
  graph: FlowGraph;
}

/** The bot's flows as the export file holds them: the published graph, else the draft. */
export async function exportFlows(db: Db, applicationId: string, botId: string): Promise<FlowExport[]> {
  const rows = await repo.listFlows(db, applicationId, botId);
  return Promise.all(
    rows.map(async (row) => {
      const live =
        row.publishedVersion === null
          ? undefined
          : await repo.findVersion(db, applicationId, row.id, row.publishedVersion);
      return {
        name: row.name,
        intent: row.intent,
        isDefault: row.isDefault,
        published: live !== undefined,
        graph: graphOf(live?.graph ?? row.draft),
      };
    }),
  );
}

/** A flow the file says was published must pass the publish rules (the error names the step). */
function checkFlowImport(flows: readonly FlowExport[], context: FlowValidationContext): void {
  for (const [i, flow] of flows.entries()) {
    if (flow.published) {
      const [problem] = validateFlowGraph(flow.graph, context);
      if (problem)
        throw new AppError(400, FLOW_INVALID, `flows[${i}] '${flow.name}': ${problem.message}`, {
          path: `flows.${i}`,
          problem,
        });
    }
  }
}

/** Which of the file's flows are new and which replace one of the same name. */
export async function previewFlowImport(
  db: Db,
  applicationId: string,
  botId: string,
  flows: readonly FlowExport[],
): Promise<{ added: string[]; replaced: string[] }> {
  checkFlowImport(flows, await validationContext(db, applicationId));
  const names = new Set((await repo.listFlows(db, applicationId, botId)).map((r) => r.name));
  return {
    added: flows.filter((f) => !names.has(f.name)).map((f) => f.name),
    replaced: flows.filter((f) => names.has(f.name)).map((f) => f.name),
  };
}

/**
 * Adds the file's flows or replaces those of the same name (inside the import's transaction): the
 * graph becomes the draft and, when the file had it published, a new version after the same
 * validation a publish does (a flow that fails it refuses the whole import, naming the step).
 */
export async function importFlows(
  tx: Db,
  applicationId: string,
  botId: string,
  flows: readonly FlowExport[],
): Promise<void> {
  checkFlowImport(flows, await validationContext(tx, applicationId));
  const existing = new Map((await repo.listFlows(tx, applicationId, botId)).map((r) => [r.name, r]));
  if (flows.some((f) => f.isDefault)) await repo.clearDefault(tx, applicationId, botId);
  for (const flow of flows) {
    const row =
      existing.get(flow.name) ??
      (await repo.insertFlow(tx, { applicationId, botId, name: flow.name, draft: flow.graph }));
    let publishedVersion = row.publishedVersion;
    if (flow.published) {
      await repo.findFlow(tx, applicationId, botId, row.id, true);
      publishedVersion = (
        await repo.insertVersion(tx, {
          applicationId,
          flowId: row.id,
          graph: flow.graph,
          rolledBackFrom: null,
        })
      ).version;
    }
    await repo.updateFlow(tx, applicationId, row.id, {
      draft: flow.graph,
      intent: flow.intent,
      isDefault: flow.isDefault,
      publishedVersion,
    });
  }
}
