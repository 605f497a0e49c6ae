// Settings → Tags: the active and deleted lists (SPEC §3); the five default tags stay.

import { TAG_NAME_MAX, type Tag } from '@convo/api';
import { Badge, Button, ColorInput, Group, Stack, Table, Tabs, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast, toastError } from '../../../app/toasts';
import { FormModal } from '../../../components/form-modal';
import { PageHeader } from '../../../components/page-header';
import { SectionLoader } from '../../../components/page-loader';
import {
  createTag,
  deleteTag,
  renameTag,
  restoreTag,
  TAGS_KEY,
  useTags,
} from '../api/conversation-settings-api';

export function ManageTagsPage() {
  const { t } = useTranslation('conversationSettings');
  const queryClient = useQueryClient();
  const tags = useTags();
  const [editing, setEditing] = useState<{
    id: string | null;
    name: string;
    color: string;
    isDefault: boolean;
  } | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: TAGS_KEY });

  const act = async (fn: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await fn();
      toast.success(done);
      refresh();
      return true;
    } catch (error) {
      toastError(error);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    if (!editing) return;
    const body = { name: editing.name.trim(), color: editing.color === '' ? null : editing.color };
    const ok = await act(
      () => (editing.id === null ? createTag(body) : renameTag(editing.id, body)),
      t('saved'),
    );
    if (ok) setEditing(null);
  };

  const table = (list: Tag[], deleted: boolean) =>
    list.length === 0 ? (
      <Text c="dimmed" py="md">
        {deleted ? t('tags.noDeleted') : t('tags.noActive')}
      </Text>
    ) : (
      <Table.ScrollContainer minWidth={420}>
        <Table>
          <Table.Tbody>
            {list.map((tag) => (
              <Table.Tr key={tag.id} data-testid="tag-row">
                <Table.Td>
                  <Group gap="xs">
                    <Badge color={tag.color ?? 'gray'} variant="light" tt="none">
                      {tag.name}
                    </Badge>
                    {tag.isDefault && (
                      <Text size="xs" c="dimmed">
                        {t('tags.default')}
                      </Text>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    {deleted ? (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        disabled={busy}
                        onClick={() => void act(() => restoreTag(tag.id), t('tags.restored'))}
                      >
                        {t('tags.restore')}
                      </Button>
                    ) : (
                      <>
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          onClick={() =>
                            setEditing({
                              id: tag.id,
                              name: tag.name,
                              color: tag.color ?? '',
                              isDefault: tag.isDefault,
                            })
                          }
                        >
                          {t('edit')}
                        </Button>
                        {!tag.isDefault && (
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            color="red"
                            disabled={busy}
                            onClick={() => void act(() => deleteTag(tag.id), t('tags.deleted'))}
                          >
                            {t('delete')}
                          </Button>
                        )}
                      </>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Stack gap="md">
      <PageHeader
        title={t('tags.title')}
        description={t('tags.help')}
        actions={
          <Button onClick={() => setEditing({ id: null, name: '', color: '', isDefault: false })}>
            {t('tags.add')}
          </Button>
        }
      />
      {tags.isPending ? (
        <SectionLoader label={t('loading')} />
      ) : (
        <Tabs defaultValue="active">
          <Tabs.List>
            <Tabs.Tab value="active">{t('tags.active', { count: tags.data?.active.length ?? 0 })}</Tabs.Tab>
            <Tabs.Tab value="deleted">
              {t('tags.deletedList', { count: tags.data?.deleted.length ?? 0 })}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="active">{table(tags.data?.active ?? [], false)}</Tabs.Panel>
          <Tabs.Panel value="deleted">{table(tags.data?.deleted ?? [], true)}</Tabs.Panel>
        </Tabs>
      )}
      <FormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.id ? t('tags.edit') : t('tags.add')}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        submitLabel={t('save')}
        busy={busy}
        submitDisabled={!editing || editing.name.trim() === ''}
      >
        {editing && (
          <>
            <TextInput
              label={t('tags.name')}
              value={editing.name}
              maxLength={TAG_NAME_MAX}
              onChange={(e) => setEditing({ ...editing, name: e.currentTarget.value })}
              // The default tags keep their names: routing and auto-resolve rely on them.
              disabled={editing.isDefault}
              description={editing.isDefault ? t('tags.defaultName') : undefined}
              required
              data-autofocus
            />
            <ColorInput
              label={t('tags.color')}
              format="hex"
              value={editing.color}
              onChange={(color) => setEditing({ ...editing, color })}
            />
          </>
        )}
      </FormModal>
    </Stack>
  );
}
