// The builder's "generate code" section (SPEC §2; §7 code-pilot generate and test-code): the admin
// describes a custom action, the application's AI agent writes action(input) in JavaScript, the
// admin edits it, runs it on a sample input in the server's sandbox and saves it; flows use saved
// actions as steps. The code field is a monospace textarea: a code-editor library would cost more
// bytes than this section is worth (docs/decisions.md). Its own chunk (classic-view lazy-loads it).

import {
  CODE_ACTION_LIMITS,
  CODE_GENERATION_ERROR,
  type CodeAction,
  type CodeActionWrite,
  type CodeRunResult,
} from '@convo/api';
import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Loader,
  NavLink,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../app/api/api-error';
import { toast, toastError } from '../../../../app/toasts';
import { LoadFailed } from '../../../../components/load-failed';
import { SectionLoader } from '../../../../components/page-loader';
import { useCanManageBots } from '../../bots-shared';
import {
  codeActionKeys,
  deleteCodeAction,
  fetchCodeActions,
  generateCode,
  parseSampleInput,
  saveCodeAction,
  testCode,
} from '../code-actions-api';

const NS = 'botBuilder';
const MONO = { input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } };

interface Draft {
  id: string | null;
  name: string;
  description: string;
  code: string;
  sampleInput: string;
}
const EMPTY: Draft = { id: null, name: '', description: '', code: '', sampleInput: '{\n  \n}' };
const draftOf = (a: CodeAction): Draft => ({
  id: a.id,
  name: a.name,
  description: a.description,
  code: a.code,
  sampleInput: JSON.stringify(a.sampleInput, null, 2),
});

function RunResult({ result }: { result: CodeRunResult }) {
  const { t } = useTranslation(NS);
  return (
    <Paper withBorder p="sm" radius="md" data-testid="code-run-result" aria-live="polite">
      <Stack gap="xs">
        <Group gap="xs">
          <Badge color={result.ok ? 'teal' : 'red'} variant="light">
            {result.ok ? t('code.result.ok') : t(`code.result.${result.kind}`)}
          </Badge>
          <Text size="xs" c="dimmed">
            {t('code.result.duration', { ms: result.durationMs })}
          </Text>
        </Group>
        {result.ok ? (
          <Code block data-testid="code-run-output">
            {JSON.stringify(result.output, null, 2)}
          </Code>
        ) : (
          <Text size="sm" c="red" data-testid="code-run-error" style={{ overflowWrap: 'anywhere' }}>
            {result.error}
          </Text>
        )}
        {result.logs.length > 0 && (
          <>
            <Text size="xs" fw={600}>
              {t('code.result.logs')}
            </Text>
            <Code block>{result.logs.join('\n')}</Code>
          </>
        )}
      </Stack>
    </Paper>
  );
}

export function GenerateCodeSection({ onDirtyChange }: { onDirtyChange: (dirty: boolean) => void }) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const canManage = useCanManageBots();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [saved, setSaved] = useState<Draft>(EMPTY);
  const [result, setResult] = useState<CodeRunResult | null>(null);
  const [writtenBy, setWrittenBy] = useState<string | null>(null);
  const actions = useQuery({
    queryKey: codeActionKeys.list,
    queryFn: ({ signal }) => fetchCodeActions(signal),
  });

  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const sample = parseSampleInput(draft.sampleInput);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  // Every mutation takes what it sends as its variables, never from the render it was created in:
  // the mutation's function is swapped after a render commits, so Ctrl+Enter pressed right after an
  // edit ran the code as it was before the edit (seen in CI).
  const generate = useMutation({
    mutationFn: (description: string) => generateCode(description),
    onSuccess: (generated) => {
      set({ code: generated.code });
      setResult(null);
      setWrittenBy(generated.generatedBy.botName);
      toast.success(t('code.generated', { name: generated.generatedBy.botName }));
    },
    onError: (error) => {
      // SPEC §8 'Error generating code', with the server's reason after it.
      if (isApiError(error) && error.code === CODE_GENERATION_ERROR) {
        const reason = error.message.replace(/^Error generating code:?\s*/, '');
        toast.error(reason ? `${t('code.generateFailed')}: ${reason}` : t('code.generateFailed'));
      } else toastError(error, t('code.generateFailed'));
    },
  });

  const run = useMutation({
    mutationFn: ({ code, input }: { code: string; input: Record<string, unknown> }) => testCode(code, input),
    onSuccess: (r) => setResult(r),
    onError: (error) => toastError(error),
  });

  const save = useMutation({
    mutationFn: ({ id, ...action }: { id: string | null } & CodeActionWrite) => saveCodeAction(id, action),
    onSuccess: (action) => {
      const next = draftOf(action);
      setDraft(next);
      setSaved(next);
      queryClient.setQueryData<CodeAction[]>(codeActionKeys.list, (old) =>
        [...(old ?? []).filter((a) => a.id !== action.id), action].sort((a, b) =>
          a.name.localeCompare(b.name),
        ),
      );
      toast.success(t('code.saved'));
    },
    onError: (error) =>
      isApiError(error) && error.code === 'CODE_ACTION_EXISTS'
        ? toast.error(t('code.nameTaken'))
        : toastError(error),
  });

  const remove = useMutation({
    mutationFn: (id: string) => deleteCodeAction(id),
    onSuccess: (_, id) => {
      queryClient.setQueryData<CodeAction[]>(codeActionKeys.list, (old) => old?.filter((a) => a.id !== id));
      setDraft(EMPTY);
      setSaved(EMPTY);
      setResult(null);
      toast.success(t('code.deleted'));
    },
    onError: (error) => toastError(error),
  });

  const runTest = () => {
    if (draft.code.trim() === '') return toast.error(t('code.codeRequired'));
    if (!sample.ok) return toast.error(t('code.sampleInvalid'));
    run.mutate({ code: draft.code, input: sample.value });
  };
  const onSave = () => {
    if (draft.name.trim() === '') return toast.error(t('code.nameRequired'));
    if (draft.code.trim() === '') return toast.error(t('code.codeRequired'));
    if (!sample.ok) return toast.error(t('code.sampleInvalid'));
    save.mutate({
      id: draft.id,
      name: draft.name.trim(),
      description: draft.description.trim(),
      code: draft.code,
      sampleInput: sample.value,
    });
  };
  const open = (next: Draft) => {
    setDraft(next);
    setSaved(next);
    setResult(null);
    setWrittenBy(null);
  };
  // Ctrl/⌘ + Enter in the code or the sample runs the test.
  const runOnShortcut = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      runTest();
    }
  };

  const list = actions.data ?? [];
  return (
    <Stack gap="md" data-testid="generate-code-section">
      <Paper withBorder p="sm" radius="md">
        <Stack gap="xs">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Title order={3} size="h5">
              {t('code.savedTitle')}
            </Title>
            {canManage && (
              <Button size="compact-sm" variant="light" onClick={() => open(EMPTY)}>
                {t('code.new')}
              </Button>
            )}
          </Group>
          {actions.isPending ? (
            <SectionLoader label={t('loading')} />
          ) : actions.isError ? (
            <LoadFailed
              message={t('loadFailed')}
              retryLabel={t('retry')}
              onRetry={() => void actions.refetch()}
              py={0}
            />
          ) : list.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="code-actions-empty">
              {t('code.empty')}
            </Text>
          ) : (
            <Stack
              gap={2}
              component="ul"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label={t('code.savedTitle')}
            >
              {list.map((a) => (
                <li key={a.id}>
                  <NavLink
                    component="button"
                    type="button"
                    label={a.name}
                    description={a.description || undefined}
                    active={draft.id === a.id}
                    aria-current={draft.id === a.id ? 'true' : undefined}
                    onClick={() => open(draftOf(a))}
                  />
                </li>
              ))}
            </Stack>
          )}
        </Stack>
      </Paper>

      {!canManage && (
        <Alert color="gray" variant="light">
          {t('code.adminsOnly')}
        </Alert>
      )}

      <Textarea
        label={t('code.description')}
        description={t('code.descriptionHelp')}
        placeholder={t('code.descriptionPlaceholder')}
        value={draft.description}
        maxLength={CODE_ACTION_LIMITS.descriptionChars}
        autosize
        minRows={3}
        maxRows={8}
        readOnly={!canManage}
        onChange={(e) => set({ description: e.currentTarget.value })}
      />
      {canManage && (
        <Group gap="sm" wrap="wrap">
          <Button
            onClick={() => generate.mutate(draft.description.trim())}
            loading={generate.isPending}
            disabled={draft.description.trim() === ''}
          >
            {draft.code.trim() === '' ? t('code.generate') : t('code.regenerate')}
          </Button>
          {generate.isPending && (
            <Group gap={6} role="status">
              <Loader size="xs" />
              <Text size="sm" c="dimmed">
                {t('code.generating')}
              </Text>
            </Group>
          )}
          {writtenBy !== null && !generate.isPending && (
            <Text size="xs" c="dimmed">
              {t('code.writtenBy', { name: writtenBy })}
            </Text>
          )}
        </Group>
      )}

      <TextInput
        label={t('code.name')}
        placeholder={t('code.namePlaceholder')}
        value={draft.name}
        maxLength={CODE_ACTION_LIMITS.nameChars}
        readOnly={!canManage}
        onChange={(e) => set({ name: e.currentTarget.value })}
      />
      <Textarea
        label={t('code.code')}
        description={t('code.codeHelp')}
        value={draft.code}
        maxLength={CODE_ACTION_LIMITS.codeChars}
        autosize
        minRows={8}
        maxRows={30}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        readOnly={!canManage}
        styles={MONO}
        data-testid="code-editor"
        onKeyDown={runOnShortcut}
        onChange={(e) => set({ code: e.currentTarget.value })}
      />
      <Textarea
        label={t('code.sample')}
        description={t('code.sampleHelp')}
        value={draft.sampleInput}
        autosize
        minRows={3}
        maxRows={12}
        spellCheck={false}
        styles={MONO}
        error={sample.ok ? undefined : t('code.sampleInvalid')}
        data-testid="code-sample-input"
        onKeyDown={runOnShortcut}
        onChange={(e) => set({ sampleInput: e.currentTarget.value })}
      />
      {canManage && (
        <Group gap="sm" wrap="wrap">
          <Button variant="light" onClick={runTest} loading={run.isPending}>
            {t('code.runTest')}
          </Button>
          <Button onClick={onSave} loading={save.isPending} disabled={!dirty && draft.id !== null}>
            {t('save')}
          </Button>
          {draft.id !== null && (
            <Button
              variant="light"
              color="red"
              loading={remove.isPending}
              onClick={() => draft.id !== null && remove.mutate(draft.id)}
            >
              {t('code.delete')}
            </Button>
          )}
          {dirty && (
            <Badge variant="light" color="yellow">
              {t('unsaved.badge')}
            </Badge>
          )}
        </Group>
      )}
      {result !== null && <RunResult result={result} />}
    </Stack>
  );
}
