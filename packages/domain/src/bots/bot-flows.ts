import { isValidEmail, validatePhone } from '../shared';

// Conversation flows of the bot builder's Flow Designer (issue 36 item 1): a flow is a graph of
// steps the bot walks per conversation. These are the pure rules: the graph's shape, whether it may
// be published, how a question's answer is checked, how a condition is decided and how attribute
// placeholders are filled. The server stores versions and runs them; the dashboard edits them.

export const FLOW_NODE_TYPES = [
  'message',
  'question',
  'condition',
  'api',
  'code',
  'handoff',
  'answer',
  'end',
] as const;
export type FlowNodeType = (typeof FLOW_NODE_TYPES)[number];

export const FLOW_ANSWER_KINDS = ['text', 'email', 'phone', 'number', 'choice'] as const;
export type FlowAnswerKind = (typeof FLOW_ANSWER_KINDS)[number];

export const FLOW_CONDITION_OPS = [
  'equals',
  'notEquals',
  'contains',
  'exists',
  'greaterThan',
  'lessThan',
] as const;
export type FlowConditionOp = (typeof FLOW_CONDITION_OPS)[number];

export const FLOW_HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type FlowHttpMethod = (typeof FLOW_HTTP_METHODS)[number];

/** Which way out of a step an edge leaves: `next` for plain steps, two branches for the others. */
export const FLOW_HANDLES = ['next', 'true', 'false', 'success', 'error'] as const;
export type FlowHandle = (typeof FLOW_HANDLES)[number];

export const FLOW_LIMITS = {
  nodes: 200,
  edges: 400,
  attributes: 100,
  textLength: 2000,
  choices: 20,
  headers: 20,
  responseMap: 20,
  /** An API step waits at most this long. */
  maxTimeoutMs: 30_000,
  defaultTimeoutMs: 10_000,
  /** Steps one customer message may walk before the run stops (a guard beside the cycle rule). */
  stepsPerTurn: 100,
  /** An API answer read at most this far. */
  responseBytes: 256 * 1024,
  attributeValueLength: 1000,
} as const;

/** A flow's attribute name: what placeholders and conditions refer to. */
export const FLOW_ATTRIBUTE_REGEX = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;

export interface FlowPosition {
  x: number;
  y: number;
}

interface NodeBase {
  id: string;
  position: FlowPosition;
}

export type FlowNode =
  | (NodeBase & {
      type: 'message';
      text: string;
      /** A rich message's metadata (contentType 300 templates); absent for plain text. */
      rich?: Record<string, string> | undefined;
    })
  | (NodeBase & {
      type: 'question';
      text: string;
      attribute: string;
      answer: FlowAnswerKind;
      /** The options of a choice question (also sent as quick replies). */
      choices?: string[] | undefined;
      /** Sent when the answer does not validate; the question stays open. */
      retryText?: string | undefined;
    })
  | (NodeBase & {
      type: 'condition';
      attribute: string;
      op: FlowConditionOp;
      value: string;
    })
  | (NodeBase & {
      type: 'api';
      method: FlowHttpMethod;
      url: string;
      headers: { name: string; value: string }[];
      body: string;
      /** `path` is a dotted path into the JSON answer (`data.id`, `items.0.name`). */
      responseMap: { path: string; attribute: string }[];
      timeoutMs: number;
    })
  | (NodeBase & {
      type: 'code';
      /** A saved code action of the application; it gets the flow's attributes as its input. */
      actionId: string;
      /** `path` is a dotted path into what the action returned. */
      responseMap: { path: string; attribute: string }[];
    })
  | (NodeBase & {
      type: 'handoff';
      text: string;
      /** An agent's user id or a team's id; neither: the usual routing decides. */
      assignTo?: string | undefined;
      assignTeam?: string | undefined;
    })
  | (NodeBase & { type: 'answer'; intent: string })
  | (NodeBase & { type: 'end'; text?: string | undefined });

export interface FlowEdge {
  id: string;
  source: string;
  target: string;
  handle: FlowHandle;
}

export interface FlowGraph {
  /** The first step. */
  start: string;
  /** The conversation attributes this flow may read and write. */
  attributes: string[];
  nodes: FlowNode[];
  edges: FlowEdge[];
}

export const FLOW_ERROR_CODES = {
  noStart: 'FLOW_NO_START',
  danglingEdge: 'FLOW_DANGLING_EDGE',
  unknownAttribute: 'FLOW_UNKNOWN_ATTRIBUTE',
  cycleWithoutQuestion: 'FLOW_CYCLE_WITHOUT_QUESTION',
  duplicateNode: 'FLOW_DUPLICATE_NODE',
  wrongHandle: 'FLOW_WRONG_BRANCH',
  missingField: 'FLOW_MISSING_FIELD',
  unknownCodeAction: 'FLOW_UNKNOWN_CODE_ACTION',
} as const;
export type FlowErrorCode = (typeof FLOW_ERROR_CODES)[keyof typeof FLOW_ERROR_CODES];

export interface FlowProblem {
  code: FlowErrorCode;
  /** The step that is wrong (the edge's source for an edge problem); null for the graph. */
  nodeId: string | null;
  edgeId?: string | undefined;
  message: string;
}

/** The ways out each step type has. */
export function handlesOf(type: FlowNodeType): readonly FlowHandle[] {
  switch (type) {
    case 'condition':
      return ['true', 'false'];
    case 'api':
    case 'code':
      return ['success', 'error'];
    case 'handoff':
    case 'answer':
    case 'end':
      return [];
    default:
      return ['next'];
  }
}

const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;

/** Attribute names a text refers to with `{{name}}`. */
export function placeholdersIn(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '');
}

/** Fills `{{name}}` from the attributes; an unset attribute becomes ''. */
export function fillFlowPlaceholders(
  text: string,
  attributes: Readonly<Record<string, string>>,
  encode: (value: string) => string = (v) => v,
): string {
  return text.replace(PLACEHOLDER, (_, name: string) => encode(attributes[name] ?? ''));
}

/** Attribute names a step reads or writes, each with what it is used for. */
function attributesUsed(node: FlowNode): string[] {
  switch (node.type) {
    case 'message':
      return [...placeholdersIn(node.text), ...Object.values(node.rich ?? {}).flatMap(placeholdersIn)];
    case 'question':
      return [node.attribute, ...placeholdersIn(node.text), ...placeholdersIn(node.retryText ?? '')];
    case 'condition':
      return [node.attribute, ...placeholdersIn(node.value)];
    case 'api':
      return [
        ...placeholdersIn(node.url),
        ...placeholdersIn(node.body),
        ...node.headers.flatMap((h) => placeholdersIn(h.value)),
        ...node.responseMap.map((m) => m.attribute),
      ];
    case 'code':
      return node.responseMap.map((m) => m.attribute);
    case 'handoff':
      return placeholdersIn(node.text);
    case 'end':
      return placeholdersIn(node.text ?? '');
    case 'answer':
      return [];
  }
}

function missingFields(node: FlowNode): string[] {
  const missing: string[] = [];
  switch (node.type) {
    case 'message':
      if (!node.text.trim() && !node.rich) missing.push('text');
      break;
    case 'question':
      if (!node.text.trim()) missing.push('text');
      if (!node.attribute.trim()) missing.push('attribute');
      if (node.answer === 'choice' && (node.choices ?? []).filter((c) => c.trim()).length === 0)
        missing.push('choices');
      break;
    case 'condition':
      if (!node.attribute.trim()) missing.push('attribute');
      break;
    case 'api':
      if (!node.url.trim()) missing.push('url');
      break;
    case 'code':
      if (!node.actionId.trim()) missing.push('code action');
      break;
    case 'answer':
      if (!node.intent.trim()) missing.push('intent');
      break;
    default:
      break;
  }
  return missing;
}

export interface FlowValidationContext {
  /** The application's code action ids; given, a code step naming another one is a problem. */
  codeActions?: ReadonlySet<string> | undefined;
}

/**
 * Everything that keeps a flow from being published, each naming its step: no start, a step id
 * used twice, an edge to or from nowhere, an edge leaving by a branch the step does not have, a
 * required field left empty, an attribute the flow does not declare, a code action that does not
 * exist (when the caller knows the application's), and a loop the customer can never leave
 * because no step in it waits for their answer.
 */
export function validateFlowGraph(graph: FlowGraph, context: FlowValidationContext = {}): FlowProblem[] {
  const problems: FlowProblem[] = [];
  const byId = new Map<string, FlowNode>();
  for (const node of graph.nodes) {
    if (byId.has(node.id))
      problems.push({
        code: FLOW_ERROR_CODES.duplicateNode,
        nodeId: node.id,
        message: `Step ${node.id} appears twice.`,
      });
    byId.set(node.id, node);
  }
  if (!byId.has(graph.start))
    problems.push({
      code: FLOW_ERROR_CODES.noStart,
      nodeId: null,
      message: graph.start ? `The start step ${graph.start} does not exist.` : 'The flow has no start step.',
    });

  const declared = new Set(graph.attributes);
  for (const node of graph.nodes) {
    for (const field of missingFields(node))
      problems.push({
        code: FLOW_ERROR_CODES.missingField,
        nodeId: node.id,
        message: `Step ${node.id} needs its ${field}.`,
      });
    const unknown = [...new Set(attributesUsed(node).filter((a) => a && !declared.has(a)))];
    for (const name of unknown)
      problems.push({
        code: FLOW_ERROR_CODES.unknownAttribute,
        nodeId: node.id,
        message: `Step ${node.id} uses the unknown attribute ${name}.`,
      });
    if (
      node.type === 'code' &&
      context.codeActions &&
      node.actionId.trim() &&
      !context.codeActions.has(node.actionId)
    )
      problems.push({
        code: FLOW_ERROR_CODES.unknownCodeAction,
        nodeId: node.id,
        message: `Step ${node.id} runs a code action that does not exist.`,
      });
  }

  const next = new Map<string, string[]>();
  for (const edge of graph.edges) {
    const source = byId.get(edge.source);
    if (!source || !byId.has(edge.target)) {
      problems.push({
        code: FLOW_ERROR_CODES.danglingEdge,
        nodeId: source ? edge.source : edge.target && byId.has(edge.target) ? edge.target : edge.source,
        edgeId: edge.id,
        message: source
          ? `Step ${edge.source} leads to ${edge.target || 'nothing'}, which does not exist.`
          : `An edge starts at ${edge.source || 'nothing'}, which does not exist.`,
      });
      continue;
    }
    if (!handlesOf(source.type).includes(edge.handle)) {
      problems.push({
        code: FLOW_ERROR_CODES.wrongHandle,
        nodeId: source.id,
        edgeId: edge.id,
        message: `Step ${source.id} has no "${edge.handle}" way out.`,
      });
      continue;
    }
    next.set(edge.source, [...(next.get(edge.source) ?? []), edge.target]);
  }

  const cycleNode = cycleWithoutQuestion(graph.nodes, next);
  if (cycleNode !== null)
    problems.push({
      code: FLOW_ERROR_CODES.cycleWithoutQuestion,
      nodeId: cycleNode,
      message: `Step ${cycleNode} is in a loop with no question: the bot would never wait for the customer.`,
    });
  return problems;
}

/** A step on a loop made only of steps that do not wait for the customer, else null. */
function cycleWithoutQuestion(
  nodes: readonly FlowNode[],
  next: ReadonlyMap<string, string[]>,
): string | null {
  const waits = new Set(nodes.filter((n) => n.type === 'question').map((n) => n.id));
  // Iterative three-colour DFS over the steps that do not wait; a grey target closes a loop.
  const colour = new Map<string, 1 | 2>();
  for (const root of nodes) {
    if (waits.has(root.id) || colour.has(root.id)) continue;
    const stack: { id: string; i: number }[] = [{ id: root.id, i: 0 }];
    colour.set(root.id, 1);
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as { id: string; i: number };
      const targets = next.get(top.id) ?? [];
      if (top.i >= targets.length) {
        colour.set(top.id, 2);
        stack.pop();
        continue;
      }
      const target = targets[top.i++] as string;
      if (waits.has(target)) continue;
      const c = colour.get(target);
      if (c === 1) return target;
      if (c === undefined) {
        colour.set(target, 1);
        stack.push({ id: target, i: 0 });
      }
    }
  }
  return null;
}

export type FlowAnswerCheck = { ok: true; value: string } | { ok: false; code: string };

/** Checks a customer's answer to a question; the stored value is normalised (trimmed, the choice's own spelling). */
export function checkFlowAnswer(
  kind: FlowAnswerKind,
  raw: string,
  choices: readonly string[] = [],
): FlowAnswerCheck {
  const value = raw.trim().slice(0, FLOW_LIMITS.attributeValueLength);
  if (!value) return { ok: false, code: 'EMPTY' };
  switch (kind) {
    case 'email':
      return isValidEmail(value) ? { ok: true, value } : { ok: false, code: 'INVALID_EMAIL' };
    case 'phone': {
      const r = validatePhone(value);
      return r.ok ? { ok: true, value } : { ok: false, code: r.code };
    }
    case 'number': {
      const n = Number(value.replace(/,/g, ''));
      return value !== '' && Number.isFinite(n)
        ? { ok: true, value: String(n) }
        : { ok: false, code: 'NOT_A_NUMBER' };
    }
    case 'choice': {
      const match = choices.find((c) => c.trim().toLowerCase() === value.toLowerCase());
      return match ? { ok: true, value: match.trim() } : { ok: false, code: 'NOT_A_CHOICE' };
    }
    case 'text':
      return { ok: true, value };
  }
}

/** Decides a condition step on the conversation's attributes. */
export function evaluateFlowCondition(
  op: FlowConditionOp,
  actual: string | undefined,
  expected: string,
): boolean {
  const a = (actual ?? '').trim();
  const b = expected.trim();
  switch (op) {
    case 'exists':
      return a !== '';
    case 'equals':
      return a.toLowerCase() === b.toLowerCase();
    case 'notEquals':
      return a.toLowerCase() !== b.toLowerCase();
    case 'contains':
      return a.toLowerCase().includes(b.toLowerCase());
    case 'greaterThan':
    case 'lessThan': {
      const x = Number(a);
      const y = Number(b);
      if (a === '' || b === '' || !Number.isFinite(x) || !Number.isFinite(y)) return false;
      return op === 'greaterThan' ? x > y : x < y;
    }
  }
}

/** The value at a dotted path of a JSON answer, as an attribute's text; undefined when absent. */
export function readJsonPath(value: unknown, path: string): string | undefined {
  let cur: unknown = value;
  for (const part of path.split('.').filter(Boolean)) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  if (cur === undefined || cur === null) return undefined;
  const text = typeof cur === 'string' ? cur : JSON.stringify(cur);
  return text.slice(0, FLOW_LIMITS.attributeValueLength);
}

/** The step an edge leaving `nodeId` by `handle` leads to; null when none (the flow ends). */
export function nextFlowNode(graph: FlowGraph, nodeId: string, handle: FlowHandle): string | null {
  return graph.edges.find((e) => e.source === nodeId && e.handle === handle)?.target ?? null;
}
