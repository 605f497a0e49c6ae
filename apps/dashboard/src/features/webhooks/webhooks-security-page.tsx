// Settings → Webhook security: how a receiver checks our deliveries (the signature headers, with a
// sample), each webhook's signing secret rotated (the new one shown once), https required for
// every webhook URL, and a header of the receiver's choice (e.g. basic auth) sent with every
// delivery; its value is stored encrypted and only its last 4 characters are ever shown again.

import { WEBHOOK_HEADERS, type Webhook, type WebhookWithSecret } from '@convo/api';
import { Badge, Button, Code, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api/api-error';
import { toast, toastError } from '../../app/toasts';
import { LoadFailed } from '../../components/load-failed';
import { PageHeader } from '../../components/page-header';
import { PageLoader, SectionLoader } from '../../components/page-loader';
import { PasswordField } from '../../components/password-field';
import { i18next } from '../../i18n/i18n';
import { SecretModal } from './secret-modal';
import {
  fetchWebhookSecurity,
  fetchWebhooks,
  rotateWebhookSecret,
  saveWebhookSecurity,
  webhookKeys,
  webhookSecurityKey,
} from './webhooks-api';

const NS = 'webhooks';

/** How a receiver checks a delivery, in Node (the same HMAC any language computes). */
const VERIFY_SAMPLE = `import { createHmac, timingSafeEqual } from 'node:crypto';

// rawBody: the request body exactly as received (bytes, before JSON parsing)
function isFromConvo(rawBody, signatureHeader, secret) {
  const expected = 'sha256=' + createHmac('sha256', secret).update(rawBody).digest('hex');
  return signatureHeader?.length === expected.length &&
    timingSafeEqual(Buffer.from(signatureHeader), Buffer.from(expected));
}`;

function toastSecurityError(error: unknown) {
  if (isApiError(error) && error.code === 'INSECURE_WEBHOOKS')
    toast.error(i18next.t('security.insecure', { ns: NS }));
  else toastError(error);
}

function SignatureSection() {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const webhooks = useQuery({ queryKey: webhookKeys.list, queryFn: ({ signal }) => fetchWebhooks(signal) });
  const [shown, setShown] = useState<WebhookWithSecret | null>(null);
  const rotate = useMutation({
    mutationFn: (webhook: Webhook) => rotateWebhookSecret(webhook.id),
    onSuccess: (rotated) => {
      setShown(rotated);
      void queryClient.invalidateQueries({ queryKey: webhookKeys.list });
    },
    onError: (error) => toastError(error),
  });
  const confirmRotate = (webhook: Webhook) =>
    modals.openConfirmModal({
      title: t('security.rotateTitle'),
      children: (
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {t('security.rotateConfirm', { url: webhook.url })}
        </Text>
      ),
      labels: { confirm: t('security.rotate'), cancel: t('cancel') },
      onConfirm: () => rotate.mutate(webhook),
    });

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="wh-signature">
      <Stack gap="sm">
        <Title order={2} size="h4" id="wh-signature">
          {t('security.signatureTitle')}
        </Title>
        <Text size="sm">
          {t('security.signatureExplain', {
            signature: WEBHOOK_HEADERS.signature,
            timestamp: WEBHOOK_HEADERS.timestamp,
            delivery: WEBHOOK_HEADERS.delivery,
          })}
        </Text>
        <Code block style={{ overflowX: 'auto' }} aria-label={t('security.sampleLabel')}>
          {VERIFY_SAMPLE}
        </Code>
        {webhooks.isPending ? (
          <SectionLoader label={t('loading')} />
        ) : webhooks.isError ? (
          <Group gap="xs" role="alert">
            <Text size="sm">{t('loadFailed')}</Text>
            <Button size="xs" variant="light" onClick={() => void webhooks.refetch()}>
              {t('retry')}
            </Button>
          </Group>
        ) : webhooks.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('security.noWebhooks')}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('title')}>
            {webhooks.data.map((webhook) => (
              <Group
                key={webhook.id}
                component="li"
                justify="space-between"
                wrap="wrap"
                gap="xs"
                data-testid="security-webhook"
              >
                <Stack gap={0} style={{ minWidth: 0, flex: '1 1 240px' }}>
                  <Text size="sm" fw={500} style={{ wordBreak: 'break-all' }}>
                    {webhook.url}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('list.secretHint', { hint: webhook.secretHint })}
                  </Text>
                </Stack>
                <Button
                  size="xs"
                  variant="default"
                  loading={rotate.isPending && rotate.variables?.id === webhook.id}
                  onClick={() => confirmRotate(webhook)}
                >
                  {t('security.rotate')}
                </Button>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
      {shown && (
        <SecretModal
          webhook={shown}
          explain={t('security.rotated', { url: shown.url })}
          onClose={() => setShown(null)}
        />
      )}
    </Paper>
  );
}

function HeaderForm({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: 'Authorization', value: '' },
    validate: {
      name: (v) =>
        /^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/.test(v.trim()) ? null : t('security.headerNameInvalid'),
      value: (v) => (/^[\x20-\x7e]{1,1024}$/.test(v) ? null : t('security.headerValueInvalid')),
    },
  });
  const save = useMutation({
    mutationFn: (v: { name: string; value: string }) =>
      saveWebhookSecurity({ authHeader: { name: v.name.trim(), value: v.value } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(webhookSecurityKey, saved);
      toast.success(t('security.headerSaved'));
      form.reset();
      onSaved();
    },
    onError: toastSecurityError,
  });
  return (
    <form onSubmit={form.onSubmit((v) => save.mutate(v))} noValidate>
      <Stack gap="xs">
        <Group grow wrap="wrap" align="flex-start">
          <TextInput
            label={t('security.headerName')}
            required
            maxLength={64}
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <PasswordField
            label={t('security.headerValue')}
            description={t('security.headerValueHint')}
            required
            maxLength={1024}
            autoComplete="off"
            key={form.key('value')}
            {...form.getInputProps('value')}
          />
        </Group>
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('security.headerSave')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function WebhooksSecurityPage() {
  const { t, ready } = useTranslation(NS);
  const queryClient = useQueryClient();
  const security = useQuery({
    queryKey: webhookSecurityKey,
    queryFn: ({ signal }) => fetchWebhookSecurity(signal),
  });
  const [editingHeader, setEditingHeader] = useState(false);
  const save = useMutation({
    mutationFn: saveWebhookSecurity,
    onSuccess: (saved, body) => {
      queryClient.setQueryData(webhookSecurityKey, saved);
      toast.success(
        body.authHeader === null
          ? t('security.headerRemoved')
          : saved.requireHttps
            ? t('security.httpsOn')
            : t('security.httpsOff'),
      );
    },
    onError: toastSecurityError,
  });
  if (!ready) return <PageLoader />;
  const data = security.data;

  return (
    <Stack gap="md" maw={900}>
      <PageHeader title={t('security.title')} description={t('security.description')} />
      <SignatureSection />
      {security.isPending ? (
        <SectionLoader label={t('loading')} />
      ) : security.isError || !data ? (
        <LoadFailed
          message={t('loadFailed')}
          retryLabel={t('retry')}
          onRetry={() => void security.refetch()}
        />
      ) : (
        <>
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="wh-https">
            <Stack gap="xs">
              <Title order={2} size="h4" id="wh-https">
                {t('security.httpsTitle')}
              </Title>
              <Switch
                label={t('security.httpsLabel')}
                description={t('security.httpsHint')}
                checked={data.requireHttps}
                disabled={save.isPending}
                onChange={(e) => save.mutate({ requireHttps: e.currentTarget.checked })}
              />
            </Stack>
          </Paper>
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="wh-header">
            <Stack gap="sm">
              <Title order={2} size="h4" id="wh-header">
                {t('security.headerTitle')}
              </Title>
              <Text size="sm">{t('security.headerExplain')}</Text>
              {data.authHeaderName && !editingHeader ? (
                <Group justify="space-between" wrap="wrap" gap="xs" data-testid="auth-header">
                  <Group gap="xs" wrap="wrap">
                    <Code>{data.authHeaderName}</Code>
                    <Badge variant="light" color="gray">
                      {t('security.headerHint', { hint: data.authHeaderHint ?? '' })}
                    </Badge>
                  </Group>
                  <Group gap="xs">
                    <Button size="xs" variant="default" onClick={() => setEditingHeader(true)}>
                      {t('security.headerReplace')}
                    </Button>
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      loading={save.isPending}
                      onClick={() => save.mutate({ authHeader: null })}
                    >
                      {t('security.headerRemove')}
                    </Button>
                  </Group>
                </Group>
              ) : (
                <HeaderForm onSaved={() => setEditingHeader(false)} />
              )}
            </Stack>
          </Paper>
        </>
      )}
    </Stack>
  );
}
