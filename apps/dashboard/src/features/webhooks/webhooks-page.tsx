// Settings → Webhooks: the application's outgoing webhooks (add, edit, delete), the signing secret
// shown once on creation, and each webhook's delivery history.

import { WEBHOOK_EVENTS, type Webhook, type WebhookEvent, type WebhookWithSecret } from '@convo/api';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api/api-error';
import { toast, toastError } from '../../app/toasts';
import { FormModal } from '../../components/form-modal';
import { LoadFailed } from '../../components/load-failed';
import { PageHeader } from '../../components/page-header';
import { PageLoader, SectionLoader } from '../../components/page-loader';
import { i18next } from '../../i18n/i18n';
import { formatDate } from '../team/components/shared';
import { SecretModal } from './secret-modal';
import {
  deliveryStatusColour,
  eventsError,
  initialValues,
  updateBody,
  urlError,
  type WebhookFormValues,
} from './webhook-form';
import {
  createWebhook,
  deleteWebhook,
  fetchDeliveries,
  fetchWebhooks,
  updateWebhook,
  webhookKeys,
} from './webhooks-api';

const NS = 'webhooks';

/** Event names hold dots, which i18next reads as nesting: each has a plain key. */
const EVENT_KEYS = { 'message.received': 'messageReceived' } as const satisfies Record<WebhookEvent, string>;

function useEventLabel(): (event: string) => string {
  const { t } = useTranslation(NS);
  return (event) => (event in EVENT_KEYS ? t(`events.${EVENT_KEYS[event as WebhookEvent]}`) : event);
}

/** Our codes in the reader's language; anything else through the shell's rules. */
function toastWebhookError(error: unknown): void {
  if (isApiError(error) && error.code === 'LIMIT_REACHED')
    toast.error(i18next.t('errors.limitReached', { ns: NS }));
  else if (isApiError(error) && error.code === 'NOT_FOUND')
    toast.error(i18next.t('errors.notFound', { ns: NS }));
  else toastError(error);
}

function WebhookModal({
  editing,
  onClose,
  onCreated,
}: {
  editing: Webhook | null;
  onClose: () => void;
  onCreated: (created: WebhookWithSecret) => void;
}) {
  const { t } = useTranslation(NS);
  const eventLabel = useEventLabel();
  const queryClient = useQueryClient();
  const form = useForm<WebhookFormValues>({
    initialValues: initialValues(editing),
    validate: {
      url: (v) => {
        const error = urlError(v);
        return error === null ? null : t(`form.errors.${error}`);
      },
      events: (v) => {
        const error = eventsError(v);
        return error === null ? null : t(`form.errors.${error}`);
      },
    },
  });
  const save = useMutation({
    mutationFn: async (values: WebhookFormValues) => {
      if (editing === null) {
        return { created: await createWebhook({ url: values.url.trim(), events: values.events }) };
      }
      const body = updateBody(editing, values);
      // Nothing changed: nothing to send (the API refuses an empty edit).
      if (body !== null) await updateWebhook(editing.id, body);
      return { created: null };
    },
    onSuccess: ({ created }) => {
      void queryClient.invalidateQueries({ queryKey: webhookKeys.list });
      // A new webhook's form gives way to its secret; an edit just closes.
      if (created === null) {
        toast.success(t('saved'));
        onClose();
      } else onCreated(created);
    },
    onError: (error) => {
      toastWebhookError(error);
      if (isApiError(error) && error.code === 'NOT_FOUND') {
        void queryClient.invalidateQueries({ queryKey: webhookKeys.list });
        onClose();
      }
    },
  });
  return (
    <FormModal
      opened
      title={editing ? t('form.editTitle') : t('form.addTitle')}
      onClose={onClose}
      onSubmit={form.onSubmit((v) => save.mutate(v))}
      submitLabel={editing ? t('form.save') : t('form.add')}
      busy={save.isPending}
      noValidate
    >
      <TextInput
        label={t('form.url')}
        description={t('form.urlHelp')}
        placeholder="https://example.com/webhooks/convo"
        type="url"
        required
        maxLength={2048}
        data-autofocus
        {...form.getInputProps('url')}
      />
      <Checkbox.Group label={t('form.events')} required {...form.getInputProps('events')}>
        <Stack gap="xs" mt="xs">
          {WEBHOOK_EVENTS.map((event) => (
            <Checkbox key={event} value={event} label={eventLabel(event)} />
          ))}
        </Stack>
      </Checkbox.Group>
      {editing !== null && (
        <Switch label={t('form.enabled')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
      )}
    </FormModal>
  );
}

function DeliveriesModal({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const { t, i18n } = useTranslation(NS);
  const eventLabel = useEventLabel();
  const deliveries = useQuery({
    queryKey: webhookKeys.deliveries(webhook.id),
    queryFn: ({ signal }) => fetchDeliveries(webhook.id, signal),
  });
  const list = deliveries.data ?? [];
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('deliveries.title')}
      closeButtonProps={{ 'aria-label': t('close') }}
      size="xl"
      centered
    >
      <Stack>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all', minWidth: 0, flex: '1 1 200px' }}>
            {webhook.url}
          </Text>
          <Button
            variant="default"
            size="xs"
            loading={deliveries.isFetching}
            onClick={() => void deliveries.refetch()}
          >
            {t('deliveries.refresh')}
          </Button>
        </Group>
        {deliveries.isPending ? (
          <SectionLoader label={t('deliveries.loading')} />
        ) : deliveries.isError ? (
          <LoadFailed
            message={t('loadFailed')}
            retryLabel={t('retry')}
            onRetry={() => void deliveries.refetch()}
          />
        ) : list.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {t('deliveries.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table data-testid="webhook-deliveries">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('deliveries.time')}</Table.Th>
                  <Table.Th>{t('deliveries.event')}</Table.Th>
                  <Table.Th>{t('deliveries.status')}</Table.Th>
                  <Table.Th>{t('deliveries.responseCode')}</Table.Th>
                  <Table.Th>{t('deliveries.attempts')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((d) => (
                  <Table.Tr key={d.id}>
                    <Table.Td>{formatDate(d.createdAt, i18n.language)}</Table.Td>
                    <Table.Td>{eventLabel(d.eventType)}</Table.Td>
                    <Table.Td>
                      <Stack gap={2}>
                        <Badge color={deliveryStatusColour(d.status)} variant="light">
                          {t(`deliveries.statuses.${d.status}`)}
                        </Badge>
                        {d.lastError !== null && (
                          <Text size="xs" c="dimmed" lineClamp={2} title={d.lastError}>
                            {d.lastError}
                          </Text>
                        )}
                      </Stack>
                    </Table.Td>
                    <Table.Td>{d.lastStatusCode ?? '—'}</Table.Td>
                    <Table.Td>{d.attempts}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Modal>
  );
}

function WebhookRow({
  webhook,
  onEdit,
  onDeliveries,
  onDelete,
}: {
  webhook: Webhook;
  onEdit: () => void;
  onDeliveries: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation(NS);
  const eventLabel = useEventLabel();
  return (
    <Paper withBorder p="sm" radius="md" data-testid="webhook-row">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 260px' }}>
          <Text fw={600} style={{ wordBreak: 'break-all' }}>
            {webhook.url}
          </Text>
          <Group gap="xs" wrap="wrap">
            {webhook.enabled ? (
              <Badge color="green" variant="light">
                {t('list.enabled')}
              </Badge>
            ) : (
              <Badge color="gray" variant="light">
                {t('list.disabled')}
              </Badge>
            )}
            {webhook.events.map((e) => (
              <Badge key={e} variant="outline" tt="none">
                {eventLabel(e)}
              </Badge>
            ))}
          </Group>
          <Text size="xs" c="dimmed">
            {t('list.created', { date: formatDate(webhook.createdAt, i18n.language) })}
            {' · '}
            {t('list.secretHint', { hint: webhook.secretHint })}
          </Text>
        </Stack>
        <Group gap={4} wrap="wrap">
          <Button size="xs" variant="default" onClick={onDeliveries}>
            {t('list.deliveries')}
          </Button>
          <Button size="xs" variant="light" onClick={onEdit}>
            {t('list.edit')}
          </Button>
          <Button size="xs" variant="light" color="red" onClick={onDelete}>
            {t('list.delete')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

type Open =
  | { kind: 'form'; editing: Webhook | null }
  | { kind: 'secret'; webhook: WebhookWithSecret }
  | { kind: 'deliveries'; webhook: Webhook }
  | null;

/** /settings/webhooks. */
export function WebhooksPage() {
  const { t, ready } = useTranslation(NS);
  const queryClient = useQueryClient();
  const webhooks = useQuery({ queryKey: webhookKeys.list, queryFn: ({ signal }) => fetchWebhooks(signal) });
  const [open, setOpen] = useState<Open>(null);
  const remove = useMutation({
    mutationFn: (webhook: Webhook) => deleteWebhook(webhook.id),
    onSuccess: () => toast.success(t('deleted')),
    onError: toastWebhookError,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: webhookKeys.list }),
  });
  if (!ready) return <PageLoader />;
  const list = webhooks.data ?? [];
  const close = () => setOpen(null);
  const confirmDelete = (webhook: Webhook) =>
    modals.openConfirmModal({
      title: t('deleteTitle'),
      children: (
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {t('confirmDelete', { url: webhook.url })}
        </Text>
      ),
      labels: { confirm: t('list.delete'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(webhook),
    });
  return (
    <Stack gap="md" maw={900}>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={<Button onClick={() => setOpen({ kind: 'form', editing: null })}>{t('add')}</Button>}
      />
      {webhooks.isPending ? (
        <SectionLoader label={t('loading')} />
      ) : webhooks.isError ? (
        <LoadFailed
          message={t('loadFailed')}
          retryLabel={t('retry')}
          onRetry={() => void webhooks.refetch()}
        />
      ) : list.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('empty')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {list.map((webhook) => (
            <li key={webhook.id}>
              <WebhookRow
                webhook={webhook}
                onEdit={() => setOpen({ kind: 'form', editing: webhook })}
                onDeliveries={() => setOpen({ kind: 'deliveries', webhook })}
                onDelete={() => confirmDelete(webhook)}
              />
            </li>
          ))}
        </Stack>
      )}
      {open?.kind === 'form' && (
        <WebhookModal
          key={open.editing?.id ?? 'new'}
          editing={open.editing}
          onClose={close}
          onCreated={(webhook) => setOpen({ kind: 'secret', webhook })}
        />
      )}
      {open?.kind === 'secret' && <SecretModal webhook={open.webhook} onClose={close} />}
      {open?.kind === 'deliveries' && <DeliveriesModal webhook={open.webhook} onClose={close} />}
    </Stack>
  );
}
