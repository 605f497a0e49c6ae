// The hub's AI model providers (SPEC §1 integration kinds; issue 38 item 6): every AI agent's
// provider key in one place, masked (the server never returns a key), replaced here or on the
// agent's page, and tested against its provider with the agent's own settings.

import type { AiModelCredential } from '@convo/api';
import { Badge, Button, Group, Paper, PasswordInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast, toastError } from '../../../app/toasts';
import { SectionLoader } from '../../../components/page-loader';
import { LoadFailed, NS } from '../shared';
import { useAiModelCredentials, useReplaceAiModelKey, useTestAiModel } from './api';

export function AiModelsSection() {
  const { t } = useTranslation(NS);
  const credentials = useAiModelCredentials();
  return (
    <Stack gap="sm" component="section" aria-labelledby="ai-models-title">
      <Title order={2} size="h4" id="ai-models-title">
        {t('aiModels.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('aiModels.description')}
      </Text>
      {credentials.isPending ? (
        <SectionLoader label={t('loading')} />
      ) : credentials.isError ? (
        <LoadFailed onRetry={() => void credentials.refetch()} />
      ) : credentials.data.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          {t('aiModels.empty')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {credentials.data.map((c) => (
            <CredentialCard key={c.botId} credential={c} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function CredentialCard({ credential: c }: { credential: AiModelCredential }) {
  const { t } = useTranslation(NS);
  const test = useTestAiModel();
  const replace = useReplaceAiModelKey();
  const [editing, setEditing] = useState(false);
  const [key, setKey] = useState('');
  const runTest = () =>
    test.mutate(c.botId, {
      onSuccess: (r) =>
        r.ok
          ? toast.success(t('aiModels.testOk', { name: c.botName, ms: r.latencyMs }))
          : toast.error(t('aiModels.testFailed', { name: c.botName, message: r.message })),
      onError: (error) => toastError(error, t('somethingWrong')),
    });
  const save = () =>
    replace.mutate(
      { botId: c.botId, apiKey: key.trim() },
      {
        onSuccess: () => {
          setEditing(false);
          setKey('');
          toast.success(t('aiModels.keySaved'));
        },
        onError: (error) => toastError(error, t('somethingWrong')),
      },
    );
  return (
    <Paper withBorder p="md" radius="md" data-testid={`ai-model-${c.botId}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} style={{ minWidth: 0, wordBreak: 'break-word' }}>
            {c.botName}
          </Text>
          <Badge variant="light">{t(`aiModels.engines.${c.engine}`)}</Badge>
        </Group>
        {c.model && (
          <Text size="sm" c="dimmed">
            {t('aiModels.model', { model: c.model })}
          </Text>
        )}
        <Text size="sm" data-testid="ai-model-key">
          {c.maskedKey ? t('aiModels.key', { key: c.maskedKey }) : t('aiModels.noKey')}
        </Text>
        {c.lastError && (
          <Text size="sm" c="red" style={{ wordBreak: 'break-word' }}>
            {c.lastError}
          </Text>
        )}
        {editing && (
          <Stack gap={6}>
            <PasswordInput
              label={t('aiModels.newKey')}
              value={key}
              onChange={(e) => setKey(e.currentTarget.value)}
              autoComplete="off"
            />
            <Group gap="xs" justify="flex-end">
              <Button size="xs" variant="default" onClick={() => setEditing(false)}>
                {t('aiModels.cancel')}
              </Button>
              <Button size="xs" onClick={save} loading={replace.isPending} disabled={key.trim() === ''}>
                {t('aiModels.save')}
              </Button>
            </Group>
          </Stack>
        )}
        <Group gap="xs" justify="flex-end">
          {!editing && (
            <Button size="xs" variant="default" onClick={() => setEditing(true)}>
              {t('aiModels.replaceKey')}
            </Button>
          )}
          <Button size="xs" variant="light" onClick={runTest} loading={test.isPending}>
            {t('aiModels.test')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
