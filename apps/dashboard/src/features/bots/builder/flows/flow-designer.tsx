// The builder's Flow Designer tab (issue 36 item 1; SPEC §3 selectedFlow, flowList, defaultFlowId,
// parentIntent): the bot's flows, a graph editor (@xyflow/react) with a palette and a form per
// step, the draft's problems shown on their step (the same rules the server publishes by), publish,
// and the version history with rollback. Loaded lazily: @xyflow stays out of every other route.

import '@xyflow/react/dist/style.css';
import type { FlowDetail, FlowGraphInput } from '@convo/api';
import {
  FLOW_ANSWER_KINDS,
  FLOW_CONDITION_OPS,
  FLOW_HTTP_METHODS,
  FLOW_NODE_TYPES,
  type FlowHandle,
  type FlowNode,
  type FlowNodeType,
  type FlowProblem,
  handlesOf,
  validateFlowGraph,
} from '@convo/domain';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addEdge,
  Background,
  type Connection,
  Controls,
  type Edge,
  Handle,
  type Node,
  type NodeProps,
  Position,
  ReactFlow,
} from '@xyflow/react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../app/api/api-error';
import { toast, toastError } from '../../../../app/toasts';
import { LoadFailed } from '../../../../components/load-failed';
import { SectionLoader } from '../../../../components/page-loader';
import { codeActionKeys, fetchCodeActions } from '../code-actions-api';
import {
  createFlow,
  deleteFlow,
  fetchFlow,
  fetchFlows,
  fetchVersions,
  flowKeys,
  publishFlow,
  rollbackFlow,
  updateFlow,
} from './flow-api';
import { FlowTestPanel } from './flow-test-panel';

const NS = 'botBuilder';
const HIDE_STYLE_ID = 'convo-hide-support-widget';

/** SPEC §4: the support widget is hidden while the flow editor is open. */
function useHideSupportWidget() {
  useEffect(() => {
    const style = document.createElement('style');
    style.id = HIDE_STYLE_ID;
    style.textContent = 'iframe[src*="/widget/frame.html"]{display:none!important}';
    document.head.appendChild(style);
    return () => style.remove();
  }, []);
}

type StepData = { step: FlowNode; problems: FlowProblem[]; isStart: boolean; summary: string };
type StepNode = Node<StepData, 'step'>;

function StepView({ data, selected }: NodeProps<StepNode>) {
  const { t } = useTranslation(NS);
  const { step, problems, isStart, summary } = data;
  const handles = handlesOf(step.type);
  return (
    <Paper
      withBorder
      p="xs"
      w={200}
      shadow={selected ? 'md' : undefined}
      style={{ borderColor: problems.length > 0 ? 'var(--mantine-color-red-6)' : undefined }}
      data-testid={`flow-node-${step.id}`}
    >
      {!isStart && <Handle type="target" position={Position.Top} />}
      <Group gap={4} justify="space-between" wrap="nowrap">
        <Text size="xs" fw={600}>
          {t(`flows.types.${step.type}`)}
        </Text>
        {isStart && (
          <Badge size="xs" variant="light">
            {t('flows.start')}
          </Badge>
        )}
      </Group>
      <Text size="xs" lineClamp={2} c="dimmed">
        {summary || step.id}
      </Text>
      {problems.map((p) => (
        <Text key={`${p.code}-${p.edgeId ?? ''}-${p.message}`} size="xs" c="red" role="alert">
          {p.message}
        </Text>
      ))}
      {handles.map((h, i) => (
        <Handle
          key={h}
          id={h}
          type="source"
          position={Position.Bottom}
          style={{ left: `${((i + 1) * 100) / (handles.length + 1)}%` }}
          title={t(`flows.handles.${h}`)}
        />
      ))}
      {handles.length > 1 && (
        <Group justify="space-around" gap={0} mt={4}>
          {handles.map((h) => (
            <Text key={h} size="10px" c="dimmed">
              {t(`flows.handles.${h}`)}
            </Text>
          ))}
        </Group>
      )}
    </Paper>
  );
}

const nodeTypes = { step: StepView };

/** A step's one line: what it says or does (a code step by its action's name). */
function summaryOf(step: FlowNode, actionNames: ReadonlyMap<string, string>): string {
  if ('text' in step && step.text) return step.text;
  switch (step.type) {
    case 'api':
      return `${step.method} ${step.url}`;
    case 'code':
      return actionNames.get(step.actionId) ?? step.actionId;
    case 'answer':
      return step.intent;
    case 'condition':
      return `${step.attribute} ${step.op} ${step.value}`;
    default:
      return '';
  }
}

/**
 * A list edited as lines of text (headers, response mappings). The text is kept as typed, so a
 * half-written line or an empty one does not jump back to the parsed form under the cursor.
 */
function LinesField({
  label,
  description,
  initial,
  parse,
}: {
  label: string;
  description: string;
  initial: string;
  parse: (text: string) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <Textarea
      label={label}
      description={description}
      autosize
      minRows={2}
      value={value}
      onChange={(e) => {
        setValue(e.currentTarget.value);
        parse(e.currentTarget.value);
      }}
    />
  );
}

const responseMapOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.split('='))
    .filter((p) => (p[0] ?? '').trim() !== '')
    .map((p) => ({ path: (p[0] ?? '').trim(), attribute: (p[1] ?? '').trim() }));

function newStep(type: FlowNodeType, id: string, position: { x: number; y: number }): FlowNode {
  switch (type) {
    case 'message':
      return { id, type, position, text: '' };
    case 'question':
      return { id, type, position, text: '', attribute: '', answer: 'text' };
    case 'condition':
      return { id, type, position, attribute: '', op: 'equals', value: '' };
    case 'code':
      return { id, type, position, actionId: '', responseMap: [] };
    case 'api':
      return {
        id,
        type,
        position,
        method: 'GET',
        url: '',
        headers: [],
        body: '',
        responseMap: [],
        timeoutMs: 10_000,
      };
    case 'handoff':
      return { id, type, position, text: '' };
    case 'answer':
      return { id, type, position, intent: '' };
    case 'end':
      return { id, type, position };
  }
}

function StepForm({
  step,
  graph,
  codeActions,
  summaries,
  onChange,
  onLink,
  onRemove,
  onStart,
}: {
  step: FlowNode;
  graph: FlowGraphInput;
  codeActions: { id: string; name: string }[] | null;
  summaries: ReadonlyMap<string, string>;
  onChange: (step: FlowNode) => void;
  /** Points the step's way out `handle` at another step (null: nowhere), as drawing an edge does. */
  onLink: (handle: FlowHandle, target: string | null) => void;
  onRemove: () => void;
  onStart: () => void;
}) {
  const { t } = useTranslation(NS);
  // The keyboard's way to connect steps: one select per way out, beside dragging an edge.
  const targets = graph.nodes
    .filter((n) => n.id !== step.id)
    .map((n) => ({
      value: n.id,
      label: `${t(`flows.types.${n.type}`)} · ${summaries.get(n.id) || n.id}`,
    }));
  const links: ReactNode = handlesOf(step.type).map((h) => (
    <Select
      key={h}
      label={
        h === 'next' ? t('flows.nextStep') : t('flows.nextStepWhen', { branch: t(`flows.handles.${h}`) })
      }
      placeholder={t('flows.noNextStep')}
      data={targets}
      value={graph.edges.find((e) => e.source === step.id && e.handle === h)?.target ?? null}
      clearable
      searchable
      onChange={(v) => onLink(h, v)}
      data-testid={`flow-next-${h}`}
    />
  ));
  const attrs = graph.attributes.map((a) => ({ value: a, label: a }));
  const text = (label: string, value: string, set: (v: string) => void) => (
    <Textarea label={label} autosize minRows={2} value={value} onChange={(e) => set(e.currentTarget.value)} />
  );
  return (
    <Stack gap="xs" data-testid="flow-step-form">
      <Text fw={600}>{t(`flows.types.${step.type}`)}</Text>
      {(step.type === 'message' || step.type === 'handoff') &&
        text(t('flows.fields.text'), step.text, (v) => onChange({ ...step, text: v }))}
      {step.type === 'end' &&
        text(t('flows.fields.text'), step.text ?? '', (v) => onChange({ ...step, text: v }))}
      {step.type === 'question' && (
        <>
          {text(t('flows.fields.question'), step.text, (v) => onChange({ ...step, text: v }))}
          <Select
            label={t('flows.fields.attribute')}
            data={attrs}
            value={step.attribute || null}
            onChange={(v) => onChange({ ...step, attribute: v ?? '' })}
          />
          <Select
            label={t('flows.fields.answer')}
            data={FLOW_ANSWER_KINDS.map((k) => ({ value: k, label: t(`flows.answers.${k}`) }))}
            value={step.answer}
            allowDeselect={false}
            onChange={(v) => v && onChange({ ...step, answer: v as typeof step.answer })}
          />
          {step.answer === 'choice' && (
            <TagsInput
              label={t('flows.fields.choices')}
              value={step.choices ?? []}
              onChange={(v) => onChange({ ...step, choices: v })}
            />
          )}
          {text(t('flows.fields.retryText'), step.retryText ?? '', (v) =>
            onChange({ ...step, retryText: v }),
          )}
        </>
      )}
      {step.type === 'condition' && (
        <>
          <Select
            label={t('flows.fields.attribute')}
            data={attrs}
            value={step.attribute || null}
            onChange={(v) => onChange({ ...step, attribute: v ?? '' })}
          />
          <Select
            label={t('flows.fields.op')}
            data={FLOW_CONDITION_OPS.map((o) => ({ value: o, label: t(`flows.ops.${o}`) }))}
            value={step.op}
            allowDeselect={false}
            onChange={(v) => v && onChange({ ...step, op: v as typeof step.op })}
          />
          <TextInput
            label={t('flows.fields.value')}
            value={step.value}
            onChange={(e) => onChange({ ...step, value: e.currentTarget.value })}
          />
        </>
      )}
      {step.type === 'api' && (
        <>
          <Select
            label={t('flows.fields.method')}
            data={[...FLOW_HTTP_METHODS]}
            value={step.method}
            allowDeselect={false}
            onChange={(v) => v && onChange({ ...step, method: v as typeof step.method })}
          />
          <TextInput
            label={t('flows.fields.url')}
            description={t('flows.fields.placeholderHelp', { example: '{{email}}' })}
            value={step.url}
            onChange={(e) => onChange({ ...step, url: e.currentTarget.value })}
          />
          <LinesField
            label={t('flows.fields.headers')}
            description={t('flows.fields.headersHelp')}
            initial={step.headers.map((h) => `${h.name}: ${h.value}`).join('\n')}
            parse={(v) =>
              onChange({
                ...step,
                headers: v
                  .split('\n')
                  .map((line) => line.split(/:(.*)/s))
                  .filter((p) => (p[0] ?? '').trim() !== '')
                  .map((p) => ({ name: (p[0] ?? '').trim(), value: (p[1] ?? '').trim() })),
              })
            }
          />
          {text(t('flows.fields.body'), step.body, (v) => onChange({ ...step, body: v }))}
          <LinesField
            label={t('flows.fields.responseMap')}
            description={t('flows.fields.responseMapHelp')}
            initial={step.responseMap.map((m) => `${m.path} = ${m.attribute}`).join('\n')}
            parse={(v) => onChange({ ...step, responseMap: responseMapOf(v) })}
          />
          <NumberInput
            label={t('flows.fields.timeoutMs')}
            min={100}
            max={30_000}
            value={step.timeoutMs}
            onChange={(v) => onChange({ ...step, timeoutMs: typeof v === 'number' ? v : 10_000 })}
          />
        </>
      )}
      {step.type === 'code' && (
        <>
          <Select
            label={t('flows.fields.codeAction')}
            description={t('flows.fields.codeActionHelp')}
            placeholder={codeActions === null ? t('loading') : undefined}
            data={(codeActions ?? []).map((a) => ({ value: a.id, label: a.name }))}
            value={step.actionId || null}
            searchable
            nothingFoundMessage={t('flows.noCodeActions')}
            onChange={(v) => onChange({ ...step, actionId: v ?? '' })}
          />
          {codeActions !== null && codeActions.length === 0 && (
            <Text size="xs" c="dimmed">
              {t('flows.noCodeActions')}
            </Text>
          )}
          <LinesField
            label={t('flows.fields.responseMap')}
            description={t('flows.fields.codeResponseMapHelp')}
            initial={step.responseMap.map((m) => `${m.path} = ${m.attribute}`).join('\n')}
            parse={(v) => onChange({ ...step, responseMap: responseMapOf(v) })}
          />
        </>
      )}
      {step.type === 'handoff' && (
        <>
          <TextInput
            label={t('flows.fields.assignTo')}
            value={step.assignTo ?? ''}
            onChange={(e) => onChange({ ...step, assignTo: e.currentTarget.value })}
          />
          <TextInput
            label={t('flows.fields.assignTeam')}
            value={step.assignTeam ?? ''}
            onChange={(e) => onChange({ ...step, assignTeam: e.currentTarget.value })}
          />
        </>
      )}
      {step.type === 'answer' && (
        <TextInput
          label={t('flows.fields.intent')}
          value={step.intent}
          onChange={(e) => onChange({ ...step, intent: e.currentTarget.value })}
        />
      )}
      {links}
      <Group gap="xs">
        {graph.start !== step.id && (
          <Button size="xs" variant="default" onClick={onStart}>
            {t('flows.makeStart')}
          </Button>
        )}
        <Button size="xs" color="red" variant="light" onClick={onRemove}>
          {t('flows.removeStep')}
        </Button>
      </Group>
    </Stack>
  );
}

function Versions({
  botId,
  flowId,
  onRolledBack,
}: {
  botId: string;
  flowId: string;
  onRolledBack: (f: FlowDetail) => void;
}) {
  const { t } = useTranslation(NS);
  const versions = useQuery({
    queryKey: flowKeys.versions(botId, flowId),
    queryFn: ({ signal }) => fetchVersions(botId, flowId, signal),
  });
  const rollback = useMutation({
    mutationFn: (version: number) => rollbackFlow(botId, flowId, version),
    onSuccess: (flow) => {
      toast.success(t('flows.rolledBack'));
      onRolledBack(flow);
    },
    onError: (e) => toastError(e),
  });
  if (versions.isPending) return <Text size="sm">{t('loading')}</Text>;
  if (versions.isError) return <Text size="sm">{t('loadFailed')}</Text>;
  if (versions.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('flows.noVersions')}
      </Text>
    );
  return (
    <Stack gap={4} data-testid="flow-versions">
      {versions.data.map((v, i) => (
        <Group key={v.version} justify="space-between" wrap="nowrap">
          <Text size="sm">
            {t('flows.version', { version: v.version })}
            {v.rolledBackFrom !== null ? ` ← ${t('flows.version', { version: v.rolledBackFrom })}` : ''}
            {i === 0 ? ` · ${t('flows.live')}` : ''}
          </Text>
          {i > 0 && (
            <Button
              size="compact-xs"
              variant="light"
              loading={rollback.isPending}
              onClick={() => rollback.mutate(v.version)}
            >
              {t('flows.rollback')}
            </Button>
          )}
        </Group>
      ))}
    </Stack>
  );
}

function Editor({ botId, flow }: { botId: string; flow: FlowDetail }) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const [graph, setGraph] = useState<FlowGraphInput>(flow.draft);
  const [dirty, setDirty] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [newAttribute, setNewAttribute] = useState('');
  const [testing, setTesting] = useState(false);
  const codeActions = useQuery({
    queryKey: codeActionKeys.list,
    queryFn: ({ signal }) => fetchCodeActions(signal),
  });
  const actionIds = useMemo(
    () => (codeActions.data ? new Set(codeActions.data.map((a) => a.id)) : undefined),
    [codeActions.data],
  );
  const actionNames = useMemo(
    () => new Map((codeActions.data ?? []).map((a) => [a.id, a.name])),
    [codeActions.data],
  );
  // The same rules the server publishes by, with the application's code actions once they are known.
  const problems = useMemo(() => validateFlowGraph(graph, { codeActions: actionIds }), [graph, actionIds]);
  const summaries = useMemo(
    () => new Map(graph.nodes.map((n) => [n.id, summaryOf(n, actionNames)])),
    [graph.nodes, actionNames],
  );
  const change = (next: FlowGraphInput) => {
    setGraph(next);
    setDirty(true);
  };
  const refresh = (f: FlowDetail) => {
    queryClient.setQueryData(flowKeys.flow(botId, f.id), f);
    void queryClient.invalidateQueries({ queryKey: flowKeys.list(botId) });
    void queryClient.invalidateQueries({ queryKey: flowKeys.versions(botId, f.id) });
  };
  const save = useMutation({
    mutationFn: () => updateFlow(botId, flow.id, { draft: graph }),
    onSuccess: (f) => {
      setDirty(false);
      refresh(f);
      toast.success(t('flows.saved'));
    },
    onError: (e) => toastError(e),
  });
  const publish = useMutation({
    mutationFn: async () => {
      await updateFlow(botId, flow.id, { draft: graph });
      return publishFlow(botId, flow.id);
    },
    onSuccess: (f) => {
      setDirty(false);
      refresh(f);
      toast.success(t('flows.published', { version: f.publishedVersion }));
    },
    onError: (e) => (isApiError(e) ? toast.error(e.message) : toastError(e)),
  });

  const nodes: StepNode[] = graph.nodes.map((n) => ({
    id: n.id,
    type: 'step',
    position: n.position,
    selected: n.id === selected,
    data: {
      step: n,
      problems: problems.filter((p) => p.nodeId === n.id),
      isStart: graph.start === n.id,
      summary: summaries.get(n.id) ?? '',
    },
  }));
  const edges: Edge[] = graph.edges.map((e) => ({
    id: e.id,
    source: e.source,
    target: e.target,
    sourceHandle: e.handle,
    label: e.handle === 'next' ? undefined : t(`flows.handles.${e.handle}`),
  }));
  const step = graph.nodes.find((n) => n.id === selected);
  /** One way out per branch: a new connection replaces the old one; null removes it. */
  const link = (source: string, handle: FlowHandle, target: string | null) => {
    const kept = graph.edges.filter((e) => !(e.source === source && e.handle === handle));
    const id = `${source}-${handle}-${target}`;
    change({
      ...graph,
      edges: target === null ? kept : [...kept, { id, source, target, handle }],
    });
  };
  const addStep = (type: FlowNodeType) => {
    let i = graph.nodes.length + 1;
    while (graph.nodes.some((n) => n.id === `${type}-${i}`)) i++;
    const id = `${type}-${i}`;
    change({
      ...graph,
      nodes: [...graph.nodes, newStep(type, id, { x: 40 * (i % 8), y: 120 * Math.ceil(i / 2) })],
    });
    setSelected(id);
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Group gap={4} wrap="wrap" aria-label={t('flows.palette')} role="toolbar">
          {FLOW_NODE_TYPES.map((type) => (
            <Button
              key={type}
              size="xs"
              variant="light"
              onClick={() => addStep(type)}
              data-testid={`flow-add-${type}`}
            >
              + {t(`flows.types.${type}`)}
            </Button>
          ))}
        </Group>
        <Group gap="xs">
          {problems.length > 0 && (
            <Badge color="red" variant="light" data-testid="flow-problem-count">
              {t('flows.problems', { count: problems.length })}
            </Badge>
          )}
          <Button
            variant={testing ? 'filled' : 'default'}
            aria-pressed={testing}
            onClick={() => setTesting((v) => !v)}
          >
            {t('flows.test.open')}
          </Button>
          <Button variant="default" disabled={!dirty} loading={save.isPending} onClick={() => save.mutate()}>
            {t('flows.saveDraft')}
          </Button>
          <Button loading={publish.isPending} disabled={problems.length > 0} onClick={() => publish.mutate()}>
            {t('flows.publish')}
          </Button>
        </Group>
      </Group>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <div
          style={{ flex: '1 1 480px', height: 520, border: '1px solid var(--mantine-color-default-border)' }}
        >
          <ReactFlow
            nodes={nodes}
            edges={edges}
            nodeTypes={nodeTypes}
            fitView
            onNodeClick={(_, n) => setSelected(n.id)}
            onPaneClick={() => setSelected(null)}
            onNodesChange={(changes) => {
              let next = graph;
              for (const c of changes) {
                if (c.type === 'position' && c.position)
                  next = {
                    ...next,
                    nodes: next.nodes.map((n) =>
                      n.id === c.id && c.position ? { ...n, position: c.position } : n,
                    ),
                  };
                if (c.type === 'remove')
                  next = {
                    ...next,
                    nodes: next.nodes.filter((n) => n.id !== c.id),
                    edges: next.edges.filter((e) => e.source !== c.id && e.target !== c.id),
                  };
              }
              if (next !== graph) change(next);
            }}
            onEdgesChange={(changes) => {
              const removed = new Set(changes.filter((c) => c.type === 'remove').map((c) => c.id));
              if (removed.size > 0)
                change({ ...graph, edges: graph.edges.filter((e) => !removed.has(e.id)) });
            }}
            onConnect={(c: Connection) => {
              const merged = addEdge({ ...c, id: `${c.source}-${c.target}` }, []);
              if (merged.length > 0) link(c.source, (c.sourceHandle ?? 'next') as FlowHandle, c.target);
            }}
          >
            <Background />
            <Controls />
          </ReactFlow>
        </div>
        <Stack gap="sm" style={{ flex: '1 1 260px', maxWidth: 360 }}>
          {testing && (
            <FlowTestPanel
              botId={botId}
              flowId={flow.id}
              // The emulator runs the stored draft: unsaved changes are saved first.
              beforeStart={async () => {
                if (dirty) await save.mutateAsync();
              }}
              onPath={(path) => {
                const last = path.at(-1);
                if (last) setSelected(last);
              }}
            />
          )}
          {step ? (
            <StepForm
              key={step.id}
              step={step}
              graph={graph}
              codeActions={codeActions.data ?? (codeActions.isError ? [] : null)}
              summaries={summaries}
              onLink={(h, target) => link(step.id, h, target)}
              onChange={(s) => change({ ...graph, nodes: graph.nodes.map((n) => (n.id === s.id ? s : n)) })}
              onRemove={() => {
                change({
                  ...graph,
                  nodes: graph.nodes.filter((n) => n.id !== step.id),
                  edges: graph.edges.filter((e) => e.source !== step.id && e.target !== step.id),
                });
                setSelected(null);
              }}
              onStart={() => change({ ...graph, start: step.id })}
            />
          ) : (
            <Text size="sm" c="dimmed">
              {t('flows.pickStep')}
            </Text>
          )}
          <Stack gap={4}>
            <Text fw={600} size="sm">
              {t('flows.attributes')}
            </Text>
            <Group gap={4}>
              {graph.attributes.map((a) => (
                <Badge
                  key={a}
                  variant="outline"
                  tt="none"
                  rightSection={
                    <button
                      type="button"
                      aria-label={t('flows.removeAttribute', { name: a })}
                      style={{ border: 0, background: 'none', cursor: 'pointer' }}
                      onClick={() =>
                        change({ ...graph, attributes: graph.attributes.filter((x) => x !== a) })
                      }
                    >
                      ×
                    </button>
                  }
                >
                  {a}
                </Badge>
              ))}
            </Group>
            <form
              onSubmit={(e) => {
                e.preventDefault();
                const name = newAttribute.trim();
                if (/^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/.test(name) && !graph.attributes.includes(name)) {
                  change({ ...graph, attributes: [...graph.attributes, name] });
                  setNewAttribute('');
                }
              }}
            >
              <TextInput
                size="xs"
                aria-label={t('flows.newAttribute')}
                placeholder={t('flows.newAttribute')}
                value={newAttribute}
                onChange={(e) => setNewAttribute(e.currentTarget.value)}
              />
            </form>
          </Stack>
          <Stack gap={4}>
            <Text fw={600} size="sm">
              {t('flows.versions')}
            </Text>
            <Versions
              botId={botId}
              flowId={flow.id}
              onRolledBack={(f) => {
                setGraph(f.draft);
                setDirty(false);
                refresh(f);
              }}
            />
          </Stack>
        </Stack>
      </Group>
    </Stack>
  );
}

/** The Flow Designer tab (default export: the builder loads it lazily). */
export default function FlowDesigner({ botId }: { botId: string }) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  useHideSupportWidget();
  const [selectedFlow, setSelectedFlow] = useState<string | null>(null);
  const [newName, setNewName] = useState('');
  const flowList = useQuery({
    queryKey: flowKeys.list(botId),
    queryFn: ({ signal }) => fetchFlows(botId, signal),
  });
  const current = selectedFlow ?? flowList.data?.[0]?.id ?? null;
  const flow = useQuery({
    queryKey: flowKeys.flow(botId, current ?? ''),
    queryFn: ({ signal }) => fetchFlow(botId, current ?? '', signal),
    enabled: current !== null,
  });
  const invalidate = () => void queryClient.invalidateQueries({ queryKey: flowKeys.list(botId) });
  const create = useMutation({
    mutationFn: () => createFlow(botId, newName.trim()),
    onSuccess: (f) => {
      setNewName('');
      setSelectedFlow(f.id);
      invalidate();
    },
    onError: (e) => toastError(e),
  });
  const update = useMutation({
    mutationFn: (body: { name?: string; isDefault?: boolean; intent?: string | null }) =>
      updateFlow(botId, current ?? '', body),
    onSuccess: (f) => {
      queryClient.setQueryData(flowKeys.flow(botId, f.id), f);
      invalidate();
    },
    onError: (e) => toastError(e),
  });
  const remove = useMutation({
    mutationFn: () => deleteFlow(botId, current ?? ''),
    onSuccess: () => {
      setSelectedFlow(null);
      invalidate();
      toast.success(t('flows.deleted'));
    },
    onError: (e) => toastError(e),
  });

  if (flowList.isPending) return <SectionLoader label={t('loading')} />;
  if (flowList.isError)
    return (
      <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void flowList.refetch()} />
    );
  const summary = flowList.data.find((f) => f.id === current);
  return (
    <Stack gap="sm" data-testid="flow-designer">
      <Group gap="xs" wrap="wrap" align="flex-end">
        {flowList.data.length > 0 && (
          <Select
            label={t('flows.flow')}
            data={flowList.data.map((f) => ({
              value: f.id,
              label: `${f.name}${f.isDefault ? ` (${t('flows.default')})` : ''}`,
            }))}
            value={current}
            allowDeselect={false}
            onChange={(v) => setSelectedFlow(v)}
          />
        )}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (newName.trim()) create.mutate();
          }}
        >
          <Group gap={4} align="flex-end">
            <TextInput
              label={t('flows.newFlow')}
              value={newName}
              maxLength={100}
              onChange={(e) => setNewName(e.currentTarget.value)}
            />
            <Button type="submit" loading={create.isPending} disabled={!newName.trim()}>
              {t('flows.create')}
            </Button>
          </Group>
        </form>
      </Group>
      {flowList.data.length === 0 && <Text c="dimmed">{t('flows.empty')}</Text>}
      {summary && (
        <Group gap="xs" wrap="wrap" align="flex-end">
          <TextInput
            key={`name-${summary.id}-${summary.name}`}
            label={t('flows.name')}
            defaultValue={summary.name}
            onBlur={(e) => {
              const name = e.currentTarget.value.trim();
              if (name && name !== summary.name) update.mutate({ name });
            }}
          />
          <TextInput
            key={`intent-${summary.id}-${summary.intent ?? ''}`}
            label={t('flows.intent')}
            description={t('flows.intentHelp')}
            defaultValue={summary.intent ?? ''}
            onBlur={(e) => {
              const intent = e.currentTarget.value.trim() || null;
              if (intent !== summary.intent) update.mutate({ intent });
            }}
          />
          <Checkbox
            label={t('flows.default')}
            checked={summary.isDefault}
            onChange={(e) => update.mutate({ isDefault: e.currentTarget.checked })}
          />
          <Badge variant="light" color={summary.publishedVersion === null ? 'gray' : 'green'}>
            {summary.publishedVersion === null
              ? t('flows.unpublished')
              : t('flows.version', { version: summary.publishedVersion })}
          </Badge>
          <Button color="red" variant="subtle" loading={remove.isPending} onClick={() => remove.mutate()}>
            {t('flows.delete')}
          </Button>
        </Group>
      )}
      {current !== null && flow.isPending && <Text>{t('loading')}</Text>}
      {flow.isError && <Text role="alert">{t('loadFailed')}</Text>}
      {flow.data && (
        <Editor key={`${flow.data.id}-${flow.data.publishedVersion ?? 0}`} botId={botId} flow={flow.data} />
      )}
    </Stack>
  );
}
