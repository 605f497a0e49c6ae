import { CUSTOMER_ATTRIBUTE_TYPES, type CustomerAttribute, type CustomerAttributeType } from '@convo/api';
import { isAllowed } from '@convo/domain';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api/api-error';
import { useRequiredSession } from '../../app/session/use-required-session';
import { toast, toastError } from '../../app/toasts';
import { LoadFailed } from '../../components/load-failed';
import { PageHeader } from '../../components/page-header';
import { PageLoader, SectionLoader } from '../../components/page-loader';
import {
  attributesKey,
  createAttribute,
  deleteAttribute,
  reorderAttributes,
  updateAttribute,
  useCustomerAttributes,
} from './attributes-api';

const NS = 'users';
const KEY_PATTERN = /^[A-Za-z0-9_.-]+$/;

interface FormValues {
  key: string;
  label: string;
  type: CustomerAttributeType;
  visibleToAgents: boolean;
}

function AttributeModal({
  editing,
  opened,
  onClose,
}: {
  editing: CustomerAttribute | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<FormValues>({
    initialValues: {
      key: editing?.key ?? '',
      label: editing?.label ?? '',
      type: editing?.type ?? 'text',
      visibleToAgents: editing?.visibleToAgents ?? true,
    },
    validate: {
      key: (v) =>
        v.trim() === ''
          ? tc('validation.required')
          : KEY_PATTERN.test(v.trim())
            ? null
            : t('userDetails.keyInvalid'),
      label: (v) => (v.trim() === '' ? tc('validation.required') : null),
    },
  });
  const save = useMutation({
    mutationFn: (v: FormValues) => {
      const body = {
        key: v.key.trim(),
        label: v.label.trim(),
        type: v.type,
        visibleToAgents: v.visibleToAgents,
      };
      return editing ? updateAttribute(editing.id, body) : createAttribute(body);
    },
    onSuccess: () => {
      toast.success(t('userDetails.saved'));
      void queryClient.invalidateQueries({ queryKey: attributesKey });
      onClose();
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'ATTRIBUTE_ALREADY_EXISTS')
        toast.error(t('userDetails.keyTaken'));
      else toastError(error);
    },
  });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? t('userDetails.editTitle') : t('userDetails.addTitle')}
    >
      <form noValidate onSubmit={form.onSubmit((v) => save.mutate(v))}>
        <Stack>
          <TextInput
            label={t('userDetails.label')}
            required
            maxLength={100}
            data-autofocus
            {...form.getInputProps('label')}
          />
          <TextInput
            label={t('userDetails.key')}
            description={t('userDetails.keyHelp')}
            required
            maxLength={100}
            {...form.getInputProps('key')}
          />
          <Select
            label={t('userDetails.type')}
            data={CUSTOMER_ATTRIBUTE_TYPES.map((type) => ({
              value: type,
              label: t(`userDetails.types.${type}`),
            }))}
            allowDeselect={false}
            {...form.getInputProps('type')}
          />
          <Switch
            label={t('userDetails.visibleToAgents')}
            {...form.getInputProps('visibleToAgents', { type: 'checkbox' })}
          />
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
    </Modal>
  );
}

function AttributeRow({
  attribute,
  index,
  count,
  canEdit,
  onEdit,
  onMove,
  onDelete,
  busy,
}: {
  attribute: CustomerAttribute;
  index: number;
  count: number;
  canEdit: boolean;
  onEdit: () => void;
  onMove: (delta: -1 | 1) => void;
  onDelete: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation(NS);
  return (
    <Paper withBorder p="sm" radius="md" data-testid="attribute-row">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600}>{attribute.label}</Text>
            <Badge variant="light">{t(`userDetails.types.${attribute.type}`)}</Badge>
            {!attribute.visibleToAgents && (
              <Badge color="gray" variant="light">
                {t('userDetails.hidden')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {attribute.key}
          </Text>
        </Stack>
        {canEdit && (
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('userDetails.moveUp', { label: attribute.label })}
              disabled={index === 0 || busy}
              onClick={() => onMove(-1)}
            >
              ↑
            </ActionIcon>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('userDetails.moveDown', { label: attribute.label })}
              disabled={index === count - 1 || busy}
              onClick={() => onMove(1)}
            >
              ↓
            </ActionIcon>
            <Button size="xs" variant="light" onClick={onEdit}>
              {t('userDetails.edit')}
            </Button>
            <Button size="xs" variant="light" color="red" onClick={onDelete}>
              {t('delete')}
            </Button>
          </Group>
        )}
      </Group>
    </Paper>
  );
}

/** /settings/user-details: which customer attributes agents see, with their labels and order. */
export function UserDetailsPage() {
  const { t, ready } = useTranslation(NS);
  const session = useRequiredSession();
  const queryClient = useQueryClient();
  const attributes = useCustomerAttributes();
  const [modal, setModal] = useState<{ editing: CustomerAttribute | null } | null>(null);
  const canEdit = isAllowed(
    'settings.user-details',
    session.roleType,
    session.appSettings.companySetting,
    session.product,
  );
  const reorder = useMutation({
    mutationFn: reorderAttributes,
    onSuccess: (list) => {
      queryClient.setQueryData(attributesKey, list);
      toast.success(t('userDetails.reordered'));
    },
    onError: (error) => toastError(error),
  });
  const remove = useMutation({
    mutationFn: deleteAttribute,
    onSuccess: () => {
      toast.success(t('userDetails.deleted'));
      void queryClient.invalidateQueries({ queryKey: attributesKey });
    },
    onError: (error) => toastError(error),
  });
  if (!ready) return <PageLoader />;
  const list = attributes.data ?? [];
  const move = (index: number, delta: -1 | 1) => {
    const ids = list.map((a) => a.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + delta, 0, moved!);
    reorder.mutate(ids);
  };
  const confirmDelete = (a: CustomerAttribute) =>
    modals.openConfirmModal({
      title: t('userDetails.deleteTitle'),
      children: <Text size="sm">{t('userDetails.confirmDelete', { label: a.label })}</Text>,
      labels: { confirm: t('delete'), cancel: t('detail.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(a.id),
    });
  return (
    <Stack gap="md" maw={820}>
      <PageHeader
        title={t('userDetails.title')}
        description={t('userDetails.description')}
        actions={
          canEdit && <Button onClick={() => setModal({ editing: null })}>{t('userDetails.add')}</Button>
        }
      />
      {attributes.isPending ? (
        <SectionLoader label={t('userDetails.loading')} />
      ) : attributes.isError ? (
        <LoadFailed
          message={t('userDetails.loadFailed')}
          retryLabel={t('retry')}
          onRetry={() => void attributes.refetch()}
        />
      ) : list.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('userDetails.empty')}
        </Text>
      ) : (
        <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {list.map((a, index) => (
            <li key={a.id}>
              <AttributeRow
                attribute={a}
                index={index}
                count={list.length}
                canEdit={canEdit}
                busy={reorder.isPending}
                onEdit={() => setModal({ editing: a })}
                onMove={(delta) => move(index, delta)}
                onDelete={() => confirmDelete(a)}
              />
            </li>
          ))}
        </Stack>
      )}
      {modal && (
        <AttributeModal
          key={modal.editing?.id ?? 'new'}
          editing={modal.editing}
          opened
          onClose={() => setModal(null)}
        />
      )}
    </Stack>
  );
}
