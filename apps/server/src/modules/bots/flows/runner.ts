import {
  checkFlowAnswer,
  evaluateFlowCondition,
  FLOW_LIMITS,
  type FlowGraph,
  type FlowHandle,
  type FlowHttpMethod,
  type FlowNode,
  fillFlowPlaceholders,
  nextFlowNode,
  readJsonPath,
} from '@convo/domain';
import { outbound, readBodyBounded } from '../../../platform/outbound/index.js';

// Walks a flow for one customer turn: from where the conversation stands, step after step until a
// question waits for the customer, or the flow ends, hands off or goes to an answer. Storage and
// sending are the caller's; the only outside effects here are an API step's HTTP call and a code
// step's sandboxed action, made through the `FlowHttp` and `FlowCode` functions the caller gives.

export interface FlowRunState {
  /** The step the conversation is at; null when the flow is over. */
  nodeId: string | null;
  /** That step is a question already asked, waiting for the answer. */
  waiting: boolean;
  attributes: Record<string, string>;
}

export interface FlowHttpRequest {
  method: FlowHttpMethod;
  url: string;
  headers: Record<string, string>;
  body: string | null;
  timeoutMs: number;
}

/** An API step's outcome: the parsed JSON answer, or why it failed (→ the error branch). */
export type FlowHttpResult = { ok: true; json: unknown } | { ok: false; error: string };

/** Makes an API step's call. */
export type FlowHttp = (request: FlowHttpRequest) => Promise<FlowHttpResult>;

/** Runs a code step's saved action on the flow's attributes; its output is read like an API's answer. */
export type FlowCode = (actionId: string, input: Record<string, string>) => Promise<FlowHttpResult>;

/** Where no code actions can run (a caller that was not given any): every code step fails. */
export const noFlowCode: FlowCode = async () => ({ ok: false, error: 'code actions are not available here' });

export interface FlowTurnResult {
  messages: { text: string; metadata: Record<string, string> }[];
  state: FlowRunState;
  /** The flow is over (ended, handed off, went to an answer, or a step led nowhere). */
  done: boolean;
  handoff: { assignTo: string | null; assignTeam: string | null } | null;
  /** A go-to-answer step's intent: the bot answers with it. */
  answer: string | null;
  /** Steps walked, in order. */
  path: string[];
  /** API steps that failed, with why (the admin's log; the flow took the error branch). */
  errors: { nodeId: string; error: string }[];
}

/** The start of a run. */
export const startState = (graph: FlowGraph): FlowRunState => ({
  nodeId: graph.start,
  waiting: false,
  attributes: {},
});

/** Calls the URL through the outbound guard; a non-2xx status, a timeout or a non-JSON answer fail. */
export const guardedFlowHttp: FlowHttp = async (request) => {
  try {
    const res = await outbound.fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    const text = await readBodyBounded(res, FLOW_LIMITS.responseBytes);
    if (text === null) return { ok: false, error: 'the answer is too large' };
    if (!res.ok) return { ok: false, error: `HTTP ${res.status}` };
    if (text.trim() === '') return { ok: true, json: null };
    try {
      return { ok: true, json: JSON.parse(text) as unknown };
    } catch {
      return { ok: false, error: 'the answer is not JSON' };
    }
  } catch (err) {
    const name = err instanceof Error ? err.name : '';
    if (name === 'TimeoutError' || name === 'AbortError') return { ok: false, error: 'timed out' };
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
};

function requestOf(
  node: Extract<FlowNode, { type: 'api' }>,
  attributes: Record<string, string>,
): FlowHttpRequest {
  const headers: Record<string, string> = {};
  for (const h of node.headers) headers[h.name] = fillFlowPlaceholders(h.value, attributes);
  const hasBody = node.method !== 'GET' && node.method !== 'DELETE' && node.body.trim() !== '';
  // A JSON body gets its values JSON-escaped, so an attribute cannot break out of its string.
  const jsonBody = hasBody && /^\s*[[{]/.test(node.body);
  if (jsonBody && !Object.keys(headers).some((k) => k.toLowerCase() === 'content-type'))
    headers['content-type'] = 'application/json';
  return {
    method: node.method,
    url: fillFlowPlaceholders(node.url, attributes, encodeURIComponent),
    headers,
    body: hasBody
      ? fillFlowPlaceholders(
          node.body,
          attributes,
          jsonBody ? (v) => JSON.stringify(v).slice(1, -1) : undefined,
        )
      : null,
    timeoutMs: Math.min(node.timeoutMs || FLOW_LIMITS.defaultTimeoutMs, FLOW_LIMITS.maxTimeoutMs),
  };
}

/**
 * One customer turn of a flow. `input` is the customer's message (null when the flow starts
 * without one waiting, e.g. the emulator's first turn).
 */
export async function runFlowTurn(
  graph: FlowGraph,
  from: FlowRunState,
  input: string | null,
  http: FlowHttp,
  code: FlowCode = noFlowCode,
): Promise<FlowTurnResult> {
  const nodes = new Map(graph.nodes.map((n) => [n.id, n]));
  const attributes = { ...from.attributes };
  const result: FlowTurnResult = {
    messages: [],
    state: { ...from, attributes },
    done: false,
    handoff: null,
    answer: null,
    path: [],
    errors: [],
  };
  let pending = input;
  let at = from.nodeId;
  let waiting = from.waiting;
  const say = (text: string, metadata: Record<string, string> = {}) => {
    const filled = fillFlowPlaceholders(text, attributes).trim();
    if (filled || Object.keys(metadata).length > 0) result.messages.push({ text: filled, metadata });
  };
  const finish = () => {
    result.done = true;
    result.state = { nodeId: null, waiting: false, attributes };
    return result;
  };
  const go = (node: FlowNode, handle: FlowHandle) => nextFlowNode(graph, node.id, handle);

  for (let steps = 0; steps < FLOW_LIMITS.stepsPerTurn; steps++) {
    const node = at === null ? undefined : nodes.get(at);
    if (!node) return finish();
    result.path.push(node.id);
    switch (node.type) {
      case 'message': {
        const metadata: Record<string, string> = {};
        for (const [k, v] of Object.entries(node.rich ?? {}))
          metadata[k] = fillFlowPlaceholders(v, attributes);
        say(node.text, metadata);
        at = go(node, 'next');
        break;
      }
      case 'question': {
        if (!waiting || pending === null) {
          const choices = node.answer === 'choice' ? (node.choices ?? []) : [];
          // Choices go as quick-reply buttons (rich template 6), which the widget renders.
          say(
            node.text,
            choices.length > 0
              ? {
                  contentType: '300',
                  templateId: '6',
                  payload: JSON.stringify(choices.map((c) => ({ title: c, message: c }))),
                }
              : {},
          );
          result.state = { nodeId: node.id, waiting: true, attributes };
          return result;
        }
        const checked = checkFlowAnswer(node.answer, pending, node.choices ?? []);
        pending = null;
        if (!checked.ok) {
          say(node.retryText?.trim() ? node.retryText : node.text);
          result.state = { nodeId: node.id, waiting: true, attributes };
          return result;
        }
        attributes[node.attribute] = checked.value;
        waiting = false;
        at = go(node, 'next');
        break;
      }
      case 'condition':
        at = go(
          node,
          evaluateFlowCondition(
            node.op,
            attributes[node.attribute],
            fillFlowPlaceholders(node.value, attributes),
          )
            ? 'true'
            : 'false',
        );
        break;
      case 'api':
      case 'code': {
        const call =
          node.type === 'api'
            ? http(requestOf(node, attributes))
            : // The action sees the attributes as they are now (a copy: it cannot change the run's).
              code(node.actionId, { ...attributes });
        const outcome = await call.catch(
          (err: unknown): FlowHttpResult => ({
            ok: false,
            error: err instanceof Error ? err.message : String(err),
          }),
        );
        if (outcome.ok) {
          for (const m of node.responseMap) {
            const value = readJsonPath(outcome.json, m.path);
            if (value !== undefined) attributes[m.attribute] = value;
          }
          at = go(node, 'success');
        } else {
          // An API's failure or an action's throw, timeout or limit: the step's error branch.
          result.errors.push({ nodeId: node.id, error: outcome.error });
          at = go(node, 'error');
        }
        break;
      }
      case 'handoff':
        say(node.text);
        result.handoff = {
          assignTo: node.assignTo?.trim() || null,
          assignTeam: node.assignTeam?.trim() || null,
        };
        return finish();
      case 'answer':
        result.answer = node.intent;
        return finish();
      case 'end':
        say(node.text ?? '');
        return finish();
    }
  }
  // Only a graph published before the cycle rule could get here; stop rather than spin.
  return finish();
}
