// Custom entities of a bot, per language (SPEC §7: entity, locale): words the bot recognises in a
// customer's message and fills into an answer's `{entity}` placeholder.

import type { BotEntity } from '@convo/api';
import type { BotLanguage } from '@convo/domain';
import { Button, Code, Group, Modal, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast, toastError } from '../../../../app/toasts';
import { LoadFailed } from '../../../../components/load-failed';
import { SectionLoader } from '../../../../components/page-loader';
import { builderKeys, deleteEntity, fetchEntities, saveEntity } from '../builder-api';
import { ENTITY_NAME_PATTERN, entityValuesFromText, entityValuesToText } from './entity-lines';

const NS = 'botBuilder';

function EntityForm({
  botId,
  language,
  editing,
  onDone,
}: {
  botId: string;
  language: BotLanguage;
  editing: BotEntity | null;
  onDone: () => void;
}) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const [name, setName] = useState(editing?.entity ?? '');
  const [text, setText] = useState(editing === null ? '' : entityValuesToText(editing.values));
  const [submitted, setSubmitted] = useState(false);
  const parsed = entityValuesFromText(text);
  const nameError =
    name.trim() === '' ? 'nameRequired' : ENTITY_NAME_PATTERN.test(name.trim()) ? null : 'nameInvalid';
  const save = useMutation({
    mutationFn: () =>
      saveEntity(botId, editing?.id ?? null, {
        entity: name.trim(),
        locale: language,
        values: parsed.values,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: builderKeys.entities(botId, language) });
      toast.success(t('entities.saved'));
      onDone();
    },
    onError: (error) => toastError(error),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (nameError === null && parsed.error === null) save.mutate();
  };
  return (
    <Paper withBorder p="sm" radius="md" component="form" onSubmit={onSubmit} noValidate>
      <Stack gap="xs">
        <TextInput
          label={t('entities.name')}
          description={t('entities.nameHelp')}
          value={name}
          maxLength={100}
          onChange={(e) => setName(e.currentTarget.value)}
          error={submitted && nameError !== null ? t(`entities.errors.${nameError}`) : undefined}
          data-autofocus
        />
        <Textarea
          label={t('entities.values')}
          description={t('entities.valuesHelp')}
          placeholder={t('entities.valuesPlaceholder')}
          value={text}
          autosize
          minRows={3}
          maxRows={12}
          onChange={(e) => setText(e.currentTarget.value)}
          error={submitted && parsed.error !== null ? t(`entities.errors.${parsed.error}`) : undefined}
        />
        <Group gap="xs">
          <Button type="submit" loading={save.isPending}>
            {t('save')}
          </Button>
          <Button variant="subtle" onClick={onDone} disabled={save.isPending}>
            {t('cancel')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * The custom entities of one bot and language: list, add, edit, delete. One component for the
 * builder's dialog and the /settings/entities page.
 */
export function EntitiesEditor({ botId, language }: { botId: string; language: BotLanguage }) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<BotEntity | 'new' | null>(null);
  const entities = useQuery({
    queryKey: builderKeys.entities(botId, language),
    queryFn: ({ signal }) => fetchEntities(botId, language, signal),
  });
  const remove = useMutation({
    mutationFn: (entity: BotEntity) => deleteEntity(botId, entity.id),
    onSuccess: () => toast.success(t('entities.deleted')),
    onError: (error) => toastError(error),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: builderKeys.entities(botId, language) }),
  });
  const confirmDelete = (entity: BotEntity) =>
    modals.openConfirmModal({
      title: t('entities.deleteTitle', { name: entity.entity }),
      children: <Text size="sm">{t('entities.deleteConfirm')}</Text>,
      labels: { confirm: t('delete.delete'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(entity),
    });
  const list = entities.data ?? [];
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('entities.help')} <Code>{'{city}'}</Code>
      </Text>
      {editing !== null ? (
        <EntityForm
          key={editing === 'new' ? 'new' : editing.id}
          botId={botId}
          language={language}
          editing={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : (
        <Group>
          <Button onClick={() => setEditing('new')}>{t('entities.add')}</Button>
        </Group>
      )}
      {entities.isPending ? (
        <SectionLoader label={t('loading')} />
      ) : entities.isError ? (
        <LoadFailed
          message={t('entities.loadFailed')}
          retryLabel={t('retry')}
          onRetry={() => void entities.refetch()}
          py="0"
        />
      ) : list.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          {t('entities.empty')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {list.map((entity) => (
            <Paper key={entity.id} component="li" withBorder p="xs" radius="md">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={2} style={{ minWidth: 0, flex: '1 1 200px' }}>
                  <Text fw={600}>{entity.entity}</Text>
                  <Text size="xs" c="dimmed" lineClamp={2} style={{ wordBreak: 'break-word' }}>
                    {entity.values.map((v) => v.value).join(', ')}
                  </Text>
                </Stack>
                <Group gap={4}>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => setEditing(entity)}
                    aria-label={t('entities.editOne', { name: entity.entity })}
                  >
                    {t('entities.edit')}
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    onClick={() => confirmDelete(entity)}
                    aria-label={t('entities.deleteOne', { name: entity.entity })}
                  >
                    {t('delete.delete')}
                  </Button>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

export function EntitiesModal({
  botId,
  language,
  languageName,
  onClose,
}: {
  botId: string;
  language: BotLanguage;
  languageName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('entities.title', { language: languageName })}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <EntitiesEditor botId={botId} language={language} />
    </Modal>
  );
}
