// /settings/import: an export file into the chosen bot. The file is checked by the server and
// previewed (what is added, what is replaced) before anything changes; the import itself is one
// transaction and retrains the bot.

import type { Bot, BotImportPreview } from '@convo/api';
import { Alert, Badge, Button, FileInput, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api/api-error';
import { toast } from '../../../app/toasts';
import { invalidateBots } from '../api';
import { useCanManageBots } from '../bots-shared';
import { importBotFile } from './bot-settings-api';
import { BotSettingsFrame, NS } from './bot-settings-frame';

/** 5 MB: far above a real bot's file, and refused before it is read. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;

type Named = { language: string; name: string };

function NamedList({ title, items, color }: { title: string; items: Named[]; color: string }) {
  if (items.length === 0) return null;
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Text fw={600} size="sm">
          {title}
        </Text>
        <Badge color={color} variant="light">
          {items.length}
        </Badge>
      </Group>
      <List size="sm" spacing={2} style={{ maxHeight: 180, overflowY: 'auto' }}>
        {items.map((i) => (
          <List.Item key={`${i.language}:${i.name}`}>
            {i.name}{' '}
            <Text span c="dimmed" size="xs">
              ({i.language})
            </Text>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

function PreviewView({ preview }: { preview: BotImportPreview }) {
  const { t } = useTranslation(NS);
  const nothing =
    preview.intents.added.length +
      preview.intents.replaced.length +
      preview.entities.added.length +
      preview.entities.replaced.length ===
      0 && !preview.settingsChanged;
  return (
    <Stack gap="sm" data-testid="import-preview">
      <Title order={2} size="h5">
        {t('import.previewTitle')}
      </Title>
      {nothing && <Text c="dimmed">{t('import.nothing')}</Text>}
      <NamedList title={t('import.intentsAdded')} items={preview.intents.added} color="green" />
      <NamedList title={t('import.intentsReplaced')} items={preview.intents.replaced} color="yellow" />
      <NamedList title={t('import.entitiesAdded')} items={preview.entities.added} color="green" />
      <NamedList title={t('import.entitiesReplaced')} items={preview.entities.replaced} color="yellow" />
      {preview.languagesAdded.length > 0 && (
        <Text size="sm">{t('import.languagesAdded', { languages: preview.languagesAdded.join(', ') })}</Text>
      )}
      {preview.settingsChanged && <Text size="sm">{t('import.settingsChanged')}</Text>}
    </Stack>
  );
}

function ImportSection({ bot }: { bot: Bot }) {
  const { t } = useTranslation(NS);
  const canManage = useCanManageBots();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [parsed, setParsed] = useState<unknown>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<BotImportPreview | null>(null);

  const explain = (error: unknown) => {
    const message = isApiError(error) ? error.message : t('import.failed');
    setProblem(message);
    toast.error(message);
  };
  const check = useMutation({
    mutationFn: (content: unknown) => importBotFile(bot.id, content, true),
    onSuccess: setPreview,
    onError: explain,
  });
  const apply = useMutation({
    mutationFn: () => importBotFile(bot.id, parsed, false),
    onSuccess: (result) => {
      toast.success(
        t('import.done', {
          added: result.intents.added.length + result.entities.added.length,
          replaced: result.intents.replaced.length + result.entities.replaced.length,
        }),
      );
      setFile(null);
      setParsed(null);
      setPreview(null);
      // The builder, the entities and the bot views all read again.
      void queryClient.invalidateQueries({ queryKey: ['bots', bot.id] });
      void invalidateBots(queryClient);
    },
    onError: explain,
  });

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setParsed(null);
    setPreview(null);
    setProblem(null);
    if (chosen === null) return;
    if (chosen.size > MAX_FILE_BYTES) {
      setProblem(t('import.tooLarge'));
      return;
    }
    let content: unknown;
    try {
      content = JSON.parse(await chosen.text());
    } catch {
      setProblem(t('import.notJson'));
      return;
    }
    setParsed(content);
    check.mutate(content);
  };

  if (!canManage) return <Alert color="gray">{t('import.adminsOnly')}</Alert>;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="md">
        <FileInput
          label={t('import.file')}
          description={t('import.fileHelp')}
          placeholder={t('import.filePlaceholder')}
          accept="application/json,.json"
          value={file}
          onChange={(f) => void choose(f)}
          clearable
          maw={420}
          data-testid="bot-import-file"
        />
        {check.isPending && (
          <Text size="sm" c="dimmed" role="status">
            {t('import.checking')}
          </Text>
        )}
        {problem !== null && (
          <Alert color="red" variant="light" title={t('import.problemTitle')} role="alert">
            {problem}
          </Alert>
        )}
        {preview !== null && (
          <>
            <PreviewView preview={preview} />
            <Group gap="sm">
              <Button onClick={() => apply.mutate()} loading={apply.isPending} data-testid="bot-import-apply">
                {t('import.apply')}
              </Button>
              <Button variant="subtle" onClick={() => void choose(null)} disabled={apply.isPending}>
                {t('cancel')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}

export function ImportPage() {
  const { t } = useTranslation(NS);
  return (
    <BotSettingsFrame slug="import" description={t('import.description')}>
      {(bot) => <ImportSection bot={bot} />}
    </BotSettingsFrame>
  );
}
