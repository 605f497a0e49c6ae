import type { Customer, CustomerAttribute } from '@convo/api';
import { customerDisplayName, isAdminRole, validatePhone } from '@convo/domain';
import { ActionIcon, Button, Drawer, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useRequiredSession } from '../../app/session/use-required-session';
import { toast, toastError } from '../../app/toasts';
import { translateMessage } from '../../app/translate-message';
import { SectionLoader } from '../../components/page-loader';
import { useCustomerAttributes } from '../user-details/attributes-api';
import { updateUser, usersKeys } from './users-api';

const NS = 'users';

interface Attribute {
  key: string;
  value: string;
}

const INPUT_TYPES = { text: 'text', number: 'number', date: 'date', url: 'url' } as const;

/**
 * The attributes defined in /settings/user-details come first, in their order and with their
 * labels (empty when the user has no value); the user's other attributes follow as free rows.
 */
function orderedAttributes(metadata: Record<string, string>, definitions: readonly CustomerAttribute[]) {
  const defined = new Set(definitions.map((d) => d.key));
  return [
    ...definitions.map((d): Attribute => ({ key: d.key, value: metadata[d.key] ?? '' })),
    ...Object.entries(metadata)
      .filter(([key]) => !defined.has(key))
      .map(([key, value]): Attribute => ({ key, value })),
  ];
}

function UserForm({
  user,
  definitions,
  onClose,
}: {
  user: Customer;
  definitions: readonly CustomerAttribute[];
  onClose: () => void;
}) {
  const session = useRequiredSession();
  const byKey = new Map(definitions.map((d) => [d.key, d]));
  // Agents do not see attributes the company hid from them; those rows are kept and saved as they are.
  const hidden = (key: string) => !isAdminRole(session.roleType) && byKey.get(key)?.visibleToAgents === false;
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: {
      displayName: user.displayName,
      email: user.email ?? '',
      phoneNumber: user.phoneNumber ?? '',
      attributes: orderedAttributes(user.metadata, definitions),
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
        // A defined attribute left empty is not stored.
        metadata: Object.fromEntries(
          v.attributes
            .filter((a) => !(byKey.has(a.key) && a.value === ''))
            .map((a) => [a.key.trim(), a.value]),
        ),
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
        {form.values.attributes.map((attribute, index) => {
          const definition = byKey.get(attribute.key);
          if (hidden(attribute.key)) return null;
          if (definition) {
            const path = `attributes.${index}.value`;
            return definition.type === 'boolean' ? (
              <Switch
                key={definition.id}
                label={definition.label}
                checked={attribute.value === 'true'}
                onChange={(e) => form.setFieldValue(path, e.currentTarget.checked ? 'true' : 'false')}
              />
            ) : (
              <TextInput
                key={definition.id}
                label={definition.label}
                type={INPUT_TYPES[definition.type]}
                {...form.getInputProps(path)}
              />
            );
          }
          return (
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
          );
        })}
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
  const definitions = useCustomerAttributes();
  return (
    <Drawer
      opened={user !== null}
      onClose={onClose}
      position="right"
      title={user ? customerDisplayName(user) : t('detail.title')}
    >
      {user !== null &&
        (definitions.isPending ? (
          <SectionLoader label={t('userDetails.loading')} />
        ) : (
          // Without the definitions (failed to load) the attributes still show, as free rows.
          <UserForm key={user.userId} user={user} definitions={definitions.data ?? []} onClose={onClose} />
        ))}
    </Drawer>
  );
}
