import type { Customer } from '@convo/api';
import { validatePhone } from '@convo/domain';
import { ActionIcon, Button, Drawer, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast, toastError } from '../../app/toasts';
import { translateMessage } from '../../app/translate-message';
import { updateUser, usersKeys } from './users-api';

const NS = 'users';

interface Attribute {
  key: string;
  value: string;
}

function UserForm({ user, onClose }: { user: Customer; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: {
      displayName: user.displayName,
      email: user.email ?? '',
      phoneNumber: user.phoneNumber ?? '',
      attributes: Object.entries(user.metadata).map(([key, value]): Attribute => ({ key, value })),
    },
    validate: {
      displayName: (v) => (v.trim() === '' ? tc('validation.required') : null),
      phoneNumber: (v) => {
        if (v.trim() === '') return null;
        const r = validatePhone(v);
        return r.ok ? null : translateMessage(r.message);
      },
      attributes: { key: (v) => (v.trim() === '' ? tc('validation.required') : null) },
    },
  });
  const save = useMutation({
    mutationFn: (v: typeof form.values) =>
      updateUser(user.userId, {
        displayName: v.displayName.trim(),
        email: v.email.trim() === '' ? null : v.email.trim(),
        phoneNumber: v.phoneNumber.trim() === '' ? null : v.phoneNumber.trim(),
        metadata: Object.fromEntries(v.attributes.map((a) => [a.key.trim(), a.value])),
      }),
    onSuccess: () => {
      toast.success(t('detail.saved'));
      void queryClient.invalidateQueries({ queryKey: usersKeys.all });
      onClose();
    },
    onError: (error) => toastError(error),
  });
  return (
    <form noValidate onSubmit={form.onSubmit((v) => save.mutate(v))}>
      <Stack>
        <TextInput label={t('columns.userId')} value={user.userId} readOnly />
        <TextInput label={t('columns.name')} required {...form.getInputProps('displayName')} />
        <TextInput label={t('columns.email')} type="email" {...form.getInputProps('email')} />
        <TextInput label={t('columns.phone')} type="tel" {...form.getInputProps('phoneNumber')} />
        <Text fw={600}>{t('detail.attributes')}</Text>
        {form.values.attributes.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('detail.noAttributes')}
          </Text>
        )}
        {form.values.attributes.map((_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, by position
          <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              aria-label={t('detail.attributeName')}
              placeholder={t('detail.attributeName')}
              style={{ flex: 1 }}
              {...form.getInputProps(`attributes.${index}.key`)}
            />
            <TextInput
              aria-label={t('detail.attributeValue')}
              placeholder={t('detail.attributeValue')}
              style={{ flex: 1 }}
              {...form.getInputProps(`attributes.${index}.value`)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={t('detail.removeAttribute')}
              onClick={() => form.removeListItem('attributes', index)}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        <Button variant="light" onClick={() => form.insertListItem('attributes', { key: '', value: '' })}>
          {t('detail.addAttribute')}
        </Button>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('detail.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('detail.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A user's details and custom attributes, editable. */
export function UserDrawer({ user, onClose }: { user: Customer | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  return (
    <Drawer
      opened={user !== null}
      onClose={onClose}
      position="right"
      title={user?.displayName ?? t('detail.title')}
    >
      {user !== null && <UserForm key={user.userId} user={user} onClose={onClose} />}
    </Drawer>
  );
}
