// Categories of the help center: add, rename, describe, delete and order (up/down buttons, which
// the keyboard reaches like any button).

import { CATEGORY_TRANSLATED_LANGUAGES, type Category, type CategoryTranslations } from '@convo/api';
import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast, toastError } from '../../../app/toasts';
import { FormModal } from '../../../components/form-modal';
import { SectionLoader } from '../../../components/page-loader';
import {
  createCategory,
  deleteCategory,
  fetchCategories,
  helpCenterKeys,
  orderCategories,
  updateCategory,
} from '../help-center-api';

const NS = 'helpCenter';

/** The ids with the one at `index` moved by `delta` (a pure helper, unit-tested). */
export function moved(ids: readonly string[], index: number, delta: -1 | 1): string[] {
  const target = index + delta;
  if (target < 0 || target >= ids.length) return [...ids];
  const next = [...ids];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** Every translated language with its stored name and description, blank when there is none. */
export function translationFields(stored: CategoryTranslations | undefined) {
  return Object.fromEntries(
    CATEGORY_TRANSLATED_LANGUAGES.map((l) => [
      l,
      { name: stored?.[l]?.name ?? '', description: stored?.[l]?.description ?? '' },
    ]),
  ) as Required<CategoryTranslations>;
}

interface CategoryValues {
  name: string;
  description: string;
  translations: Required<CategoryTranslations>;
}

function CategoryModal({ editing, onClose }: { editing: Category | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const current = editing === 'new' || editing === null ? null : editing;
  const form = useForm<CategoryValues>({
    initialValues: {
      name: current?.name ?? '',
      description: current?.description ?? '',
      translations: translationFields(current?.translations),
    },
    validate: { name: (v) => (v.trim() === '' ? t('categories.name') : null) },
  });
  const save = useMutation({
    // A language left without a name is removed on the server (the English name is shown then).
    mutationFn: (values: CategoryValues) =>
      current ? updateCategory(current.id, values) : createCategory(values),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: helpCenterKeys.all });
      toast.success(t('saved'));
      onClose();
    },
    onError: (error) => toastError(error),
  });
  return (
    <FormModal
      opened={editing !== null}
      onClose={onClose}
      title={current ? t('categories.edit') : t('categories.add')}
      onSubmit={form.onSubmit((v) => save.mutate(v))}
      submitLabel={t('save')}
      busy={save.isPending}
    >
      <TextInput
        label={t('categories.name')}
        required
        maxLength={120}
        data-autofocus
        {...form.getInputProps('name')}
      />
      <Textarea
        label={t('categories.description')}
        maxLength={500}
        autosize
        minRows={2}
        {...form.getInputProps('description')}
      />
      <Text size="sm" c="dimmed">
        {t('categories.translationsHint')}
      </Text>
      {CATEGORY_TRANSLATED_LANGUAGES.map((l) => (
        <Fieldset key={l} legend={t(`languages.${l}`)} variant="filled" p="xs">
          <Stack gap={6}>
            <TextInput
              label={t('categories.translatedName', { language: t(`languages.${l}`) })}
              maxLength={120}
              {...form.getInputProps(`translations.${l}.name`)}
            />
            <Textarea
              label={t('categories.translatedDescription', { language: t(`languages.${l}`) })}
              maxLength={500}
              autosize
              minRows={1}
              {...form.getInputProps(`translations.${l}.description`)}
            />
          </Stack>
        </Fieldset>
      ))}
    </FormModal>
  );
}

export function CategoriesPanel() {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  const categories = useQuery({
    queryKey: helpCenterKeys.categories,
    queryFn: ({ signal }) => fetchCategories(signal),
  });
  const reorder = useMutation({
    mutationFn: (ids: string[]) => orderCategories(ids),
    onSuccess: (data) => queryClient.setQueryData(helpCenterKeys.categories, data),
    onError: (error) => toastError(error),
  });
  const remove = useMutation({
    mutationFn: (c: Category) => deleteCategory(c.id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: helpCenterKeys.all });
      toast.success(t('deleted'));
    },
    onError: (error) => toastError(error),
  });
  const confirmDelete = (c: Category) =>
    modals.openConfirmModal({
      title: t('categories.confirmDeleteTitle'),
      children: <Text size="sm">{t('categories.confirmDelete', { name: c.name })}</Text>,
      labels: { confirm: t('articles.delete'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(c),
    });

  const list = categories.data ?? [];
  const ids = list.map((c) => c.id);
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4">
          {t('categories.heading')}
        </Title>
        <Button size="xs" variant="light" onClick={() => setEditing('new')}>
          {t('categories.add')}
        </Button>
      </Group>
      {categories.isPending ? (
        <SectionLoader label={t('categories.loading')} />
      ) : categories.isError ? (
        <Group>
          <Text c="red" size="sm">
            {t('loadFailed')}
          </Text>
          <Button size="xs" variant="subtle" onClick={() => void categories.refetch()}>
            {t('retry')}
          </Button>
        </Group>
      ) : list.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('categories.empty')}
        </Text>
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {list.map((c, index) => (
            <Group key={c.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text fw={500} truncate>
                  {c.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('categories.articles', { count: c.articleCount })}
                </Text>
              </div>
              <Group gap={2} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  aria-label={t('categories.moveUp', { name: c.name })}
                  disabled={index === 0 || reorder.isPending}
                  onClick={() => reorder.mutate(moved(ids, index, -1))}
                >
                  ↑
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('categories.moveDown', { name: c.name })}
                  disabled={index === list.length - 1 || reorder.isPending}
                  onClick={() => reorder.mutate(moved(ids, index, 1))}
                >
                  ↓
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('categories.editLabel', { name: c.name })}
                  onClick={() => setEditing(c)}
                >
                  ✎
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('categories.deleteLabel', { name: c.name })}
                  onClick={() => confirmDelete(c)}
                >
                  ✕
                </ActionIcon>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      {editing !== null && (
        <CategoryModal
          key={editing === 'new' ? 'new' : editing.id}
          editing={editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Paper>
  );
}
