import { describe, expect, it } from 'vitest';
import {
  checkFlowAnswer,
  evaluateFlowCondition,
  FLOW_ERROR_CODES,
  type FlowGraph,
  fillFlowPlaceholders,
  readJsonPath,
  validateFlowGraph,
} from './bot-flows';

const at = { x: 0, y: 0 };

function emailFlow(): FlowGraph {
  return {
    start: 'ask',
    attributes: ['email', 'ticket'],
    nodes: [
      {
        id: 'ask',
        type: 'question',
        position: at,
        text: 'Your e-mail?',
        attribute: 'email',
        answer: 'email',
      },
      {
        id: 'call',
        type: 'api',
        position: at,
        method: 'POST',
        url: 'http://api.test/tickets?e={{email}}',
        headers: [{ name: 'X-Mail', value: '{{email}}' }],
        body: '{"email":"{{email}}"}',
        responseMap: [{ path: 'id', attribute: 'ticket' }],
        timeoutMs: 1000,
      },
      { id: 'done', type: 'handoff', position: at, text: 'Ticket {{ticket}}: a person takes over.' },
      { id: 'sorry', type: 'end', position: at, text: 'Sorry.' },
    ],
    edges: [
      { id: 'e1', source: 'ask', target: 'call', handle: 'next' },
      { id: 'e2', source: 'call', target: 'done', handle: 'success' },
      { id: 'e3', source: 'call', target: 'sorry', handle: 'error' },
    ],
  };
}

describe('validateFlowGraph', () => {
  it('accepts a well-formed flow', () => {
    expect(validateFlowGraph(emailFlow())).toEqual([]);
  });

  it('names the step of a loop without a question', () => {
    const g = emailFlow();
    g.nodes.push(
      { id: 'm1', type: 'message', position: at, text: 'a' },
      { id: 'm2', type: 'message', position: at, text: 'b' },
    );
    g.edges.push(
      { id: 'x1', source: 'm1', target: 'm2', handle: 'next' },
      { id: 'x2', source: 'm2', target: 'm1', handle: 'next' },
    );
    const problems = validateFlowGraph(g);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.code).toBe(FLOW_ERROR_CODES.cycleWithoutQuestion);
    expect(['m1', 'm2']).toContain(problems[0]?.nodeId);
  });

  it('accepts a loop that goes through a question (a retry loop)', () => {
    const g = emailFlow();
    g.edges[2] = { id: 'e3', source: 'call', target: 'ask', handle: 'error' };
    expect(validateFlowGraph(g)).toEqual([]);
  });

  it('names the step of a dangling edge', () => {
    const g = emailFlow();
    g.edges.push({ id: 'bad', source: 'done', target: 'nowhere', handle: 'next' });
    const [p] = validateFlowGraph(g);
    expect(p).toMatchObject({ code: FLOW_ERROR_CODES.danglingEdge, nodeId: 'done', edgeId: 'bad' });
  });

  it('names the step using an unknown attribute', () => {
    const g = emailFlow();
    g.attributes = ['email'];
    const problems = validateFlowGraph(g);
    expect(problems.map((p) => [p.code, p.nodeId])).toEqual([
      [FLOW_ERROR_CODES.unknownAttribute, 'call'],
      [FLOW_ERROR_CODES.unknownAttribute, 'done'],
    ]);
    expect(problems[0]?.message).toContain('ticket');
  });

  it('refuses a missing start, a branch a step lacks and an empty field', () => {
    const g = emailFlow();
    g.start = 'gone';
    g.edges.push({ id: 'w', source: 'ask', target: 'done', handle: 'true' });
    g.nodes.push({ id: 'go', type: 'answer', position: at, intent: '' });
    const codes = validateFlowGraph(g).map((p) => p.code);
    expect(codes).toEqual(
      expect.arrayContaining([
        FLOW_ERROR_CODES.noStart,
        FLOW_ERROR_CODES.wrongHandle,
        FLOW_ERROR_CODES.missingField,
      ]),
    );
  });
});

describe('code steps', () => {
  const withCode = (actionId: string): FlowGraph => ({
    start: 'run',
    attributes: ['out'],
    nodes: [
      { id: 'run', type: 'code', position: at, actionId, responseMap: [{ path: 'x', attribute: 'out' }] },
      { id: 'end', type: 'end', position: at },
    ],
    edges: [
      { id: 'a', source: 'run', target: 'end', handle: 'success' },
      { id: 'b', source: 'run', target: 'end', handle: 'error' },
    ],
  });
  it('names a step whose action the application does not have, when it knows them', () => {
    expect(validateFlowGraph(withCode('a1'), { codeActions: new Set(['a1']) })).toEqual([]);
    expect(validateFlowGraph(withCode('a2'), { codeActions: new Set(['a1']) })).toEqual([
      expect.objectContaining({ code: FLOW_ERROR_CODES.unknownCodeAction, nodeId: 'run' }),
    ]);
    // Without the list (a pure check of the shape) only an empty action is a problem.
    expect(validateFlowGraph(withCode('a2'))).toEqual([]);
    expect(validateFlowGraph(withCode(''))).toEqual([
      expect.objectContaining({ code: FLOW_ERROR_CODES.missingField, nodeId: 'run' }),
    ]);
  });
  it('maps results only into declared attributes, and has no "next" way out', () => {
    const g = withCode('a1');
    g.attributes = [];
    g.edges.push({ id: 'c', source: 'run', target: 'end', handle: 'next' });
    expect(validateFlowGraph(g).map((p) => p.code)).toEqual([
      FLOW_ERROR_CODES.unknownAttribute,
      FLOW_ERROR_CODES.wrongHandle,
    ]);
  });
});

describe('checkFlowAnswer', () => {
  it('checks e-mail, phone (SPEC §5), number and choice', () => {
    expect(checkFlowAnswer('email', ' ana@example.com ')).toEqual({ ok: true, value: 'ana@example.com' });
    expect(checkFlowAnswer('email', 'ana@')).toEqual({ ok: false, code: 'INVALID_EMAIL' });
    expect(checkFlowAnswer('phone', '+4915112345')).toMatchObject({ ok: true });
    expect(checkFlowAnswer('phone', '4915112345')).toMatchObject({ ok: false, code: 'NO_COUNTRY_CODE' });
    expect(checkFlowAnswer('number', '1,200.5')).toEqual({ ok: true, value: '1200.5' });
    expect(checkFlowAnswer('number', 'twelve')).toMatchObject({ ok: false });
    expect(checkFlowAnswer('choice', 'yes', ['Yes', 'No'])).toEqual({ ok: true, value: 'Yes' });
    expect(checkFlowAnswer('choice', 'maybe', ['Yes', 'No'])).toMatchObject({ ok: false });
    expect(checkFlowAnswer('text', '  ')).toMatchObject({ ok: false });
  });
});

describe('conditions, placeholders and JSON paths', () => {
  it('decides conditions', () => {
    expect(evaluateFlowCondition('equals', 'Yes', 'yes')).toBe(true);
    expect(evaluateFlowCondition('greaterThan', '10', '9')).toBe(true);
    expect(evaluateFlowCondition('lessThan', 'abc', '9')).toBe(false);
    expect(evaluateFlowCondition('exists', undefined, '')).toBe(false);
    expect(evaluateFlowCondition('contains', 'Order 42', 'order')).toBe(true);
  });

  it('fills placeholders, encoding values when asked', () => {
    expect(fillFlowPlaceholders('a={{ x }}&b={{y}}', { x: 'a b' }, encodeURIComponent)).toBe('a=a%20b&b=');
  });

  it('reads dotted paths', () => {
    expect(readJsonPath({ data: { items: [{ id: 7 }] } }, 'data.items.0.id')).toBe('7');
    expect(readJsonPath({ data: null }, 'data.id')).toBeUndefined();
    expect(readJsonPath('text', 'a')).toBeUndefined();
  });
});
