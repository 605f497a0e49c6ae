// /integrations/crms (SPEC §2; issue 38 item 3): CRMs and helpdesks. One settings section per
// provider: Zendesk (site, agent e-mail, API token), HubSpot (private app token), Salesforce
// (instance, access token or a connected app's client credentials). Secrets are written, never
// shown again; a provider that refused them says "reconnect".

import type { CrmConnection, CrmProvider, CrmSettingsRequest } from '@convo/api';
import {
  Badge,
  Button,
  Group,
  Paper,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api/api-error';
import { toast, toastError } from '../../../app/toasts';
import { PageHeader } from '../../../components/page-header';
import { PageLoader, SectionLoader } from '../../../components/page-loader';
import { IntegrationHubTabs } from '../hub-tabs';
import { LoadFailed } from '../shared';
import { useCrmConnections, useDisconnectCrm, useSaveCrm, useTestCrm } from './api';

export const CRM_NS = 'crms';

const STATUS_COLOR: Readonly<Record<CrmConnection['status'], string>> = {
  connected: 'green',
  reconnect: 'red',
  not_connected: 'gray',
};

/** The provider's own words when it refused or failed (they name what was wrong). */
export function toastCrmError(error: unknown, fallback: string): void {
  if (isApiError(error) && error.code.startsWith('CRM_')) toast.error(error.message);
  else toastError(error, fallback);
}

export function CrmsPage() {
  const { t, ready } = useTranslation(CRM_NS);
  const list = useCrmConnections();
  if (!ready) return <PageLoader />;
  return (
    <Stack gap="md" maw={1100}>
      <PageHeader title={t('title')} description={t('description')} />
      <IntegrationHubTabs />
      {list.isPending ? (
        <SectionLoader label={t('loading')} />
      ) : list.isError ? (
        <LoadFailed onRetry={() => void list.refetch()} />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          {list.data.map((c) => (
            <ProviderSection key={c.provider} connection={c} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function ProviderSection({ connection }: { connection: CrmConnection }) {
  const { t } = useTranslation(CRM_NS);
  const p = connection.provider;
  const test = useTestCrm();
  const disconnect = useDisconnectCrm();
  const connected = connection.status !== 'not_connected';
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby={`crm-${p}-title`}
      data-testid={`crm-${p}`}
      style={{ minWidth: 0 }}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4" id={`crm-${p}-title`}>
            {t(`providers.${p}.name`)}
          </Title>
          <Badge color={STATUS_COLOR[connection.status]} variant="light" data-testid="crm-status">
            {t(`status.${connection.status}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t(`providers.${p}.about`)}
        </Text>
        {connection.account && (
          <Text size="sm" style={{ wordBreak: 'break-all' }} data-testid="crm-account">
            {connection.account}
          </Text>
        )}
        {connection.status === 'reconnect' && (
          <Text size="sm" c="red" role="alert">
            {t('reconnectHelp')} {connection.lastError}
          </Text>
        )}
        <SettingsForm connection={connection} />
        {connected && (
          <Group gap="xs">
            <Button
              variant="default"
              size="xs"
              loading={test.isPending}
              onClick={() =>
                test.mutate(p, {
                  onSuccess: () => toast.success(t('tested')),
                  onError: (e) => toastCrmError(e, t('somethingWrong')),
                })
              }
            >
              {t('test')}
            </Button>
            <Button
              variant="subtle"
              color="red"
              size="xs"
              loading={disconnect.isPending}
              onClick={() =>
                disconnect.mutate(p, {
                  onSuccess: () => toast.success(t('disconnected')),
                  onError: (e) => toastCrmError(e, t('somethingWrong')),
                })
              }
            >
              {t('disconnect')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function SettingsForm({ connection }: { connection: CrmConnection }) {
  const { t } = useTranslation(CRM_NS);
  const save = useSaveCrm();
  const p: CrmProvider = connection.provider;
  const connected = connection.status !== 'not_connected';
  const [site, setSite] = useState('');
  const [email, setEmail] = useState('');
  const [secret, setSecret] = useState('');
  const [clientId, setClientId] = useState('');
  const [clientSecret, setClientSecret] = useState('');
  const [auth, setAuth] = useState<'token' | 'client_credentials'>(connection.authKind ?? 'token');
  const [onResolve, setOnResolve] = useState(connected ? connection.syncOnResolve : p !== 'zendesk');
  const [missing, setMissing] = useState(false);

  const optional = (v: string) => (v.trim() ? v.trim() : undefined);
  const body = (): CrmSettingsRequest | null => {
    if (p === 'zendesk') {
      if (!site.trim() || !email.trim() || (!connected && !secret.trim())) return null;
      return {
        provider: p,
        subdomain: site.trim(),
        email: email.trim(),
        apiToken: optional(secret),
        syncOnResolve: onResolve,
      };
    }
    if (p === 'hubspot') {
      if (!connected && !secret.trim()) return null;
      return { provider: p, accessToken: optional(secret), syncOnResolve: onResolve };
    }
    if (!site.trim()) return null;
    if (auth === 'token')
      return {
        provider: p,
        instanceUrl: site.trim(),
        accessToken: optional(secret),
        syncOnResolve: onResolve,
      };
    return {
      provider: p,
      instanceUrl: site.trim(),
      clientId: optional(clientId),
      clientSecret: optional(clientSecret),
      syncOnResolve: onResolve,
    };
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const request = body();
    setMissing(request === null);
    if (!request) return;
    save.mutate(request, {
      onSuccess: () => {
        setSecret('');
        setClientSecret('');
        toast.success(t('saved'));
      },
      onError: (err) => toastCrmError(err, t('somethingWrong')),
    });
  };
  const required = (value: string) => (missing && !value.trim() ? t('required') : undefined);
  const secretHint = connected ? t('secretKept') : undefined;

  return (
    <form onSubmit={submit} noValidate aria-label={t('settingsOf', { provider: t(`providers.${p}.name`) })}>
      <Stack gap="xs">
        {p === 'zendesk' && (
          <>
            <TextInput
              label={t('fields.subdomain')}
              description={t('fields.subdomainHelp')}
              value={site}
              onChange={(e) => setSite(e.currentTarget.value)}
              error={required(site)}
              data-testid="crm-zendesk-subdomain"
              autoComplete="off"
            />
            <TextInput
              label={t('fields.email')}
              type="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={required(email)}
              data-testid="crm-zendesk-email"
              autoComplete="off"
            />
          </>
        )}
        {p === 'salesforce' && (
          <>
            <TextInput
              label={t('fields.instanceUrl')}
              description={t('fields.instanceUrlHelp')}
              value={site}
              onChange={(e) => setSite(e.currentTarget.value)}
              error={required(site)}
              data-testid="crm-salesforce-instance"
              autoComplete="off"
            />
            <SegmentedControl
              aria-label={t('fields.authKind')}
              value={auth}
              onChange={(v) => setAuth(v === 'client_credentials' ? 'client_credentials' : 'token')}
              data={[
                { value: 'token', label: t('fields.authToken') },
                { value: 'client_credentials', label: t('fields.authClient') },
              ]}
            />
          </>
        )}
        {p === 'salesforce' && auth === 'client_credentials' ? (
          <>
            <TextInput
              label={t('fields.clientId')}
              value={clientId}
              onChange={(e) => setClientId(e.currentTarget.value)}
              description={secretHint}
              autoComplete="off"
            />
            <PasswordInput
              label={t('fields.clientSecret')}
              value={clientSecret}
              onChange={(e) => setClientSecret(e.currentTarget.value)}
              description={secretHint}
              autoComplete="new-password"
            />
          </>
        ) : (
          <PasswordInput
            label={t(`providers.${p}.secret`)}
            value={secret}
            onChange={(e) => setSecret(e.currentTarget.value)}
            error={connected ? undefined : required(secret)}
            description={secretHint}
            data-testid={`crm-${p}-secret`}
            autoComplete="new-password"
          />
        )}
        <Switch
          label={t(`providers.${p}.onResolve`)}
          checked={onResolve}
          onChange={(e) => setOnResolve(e.currentTarget.checked)}
        />
        <Group>
          <Button type="submit" loading={save.isPending} data-testid={`crm-${p}-save`}>
            {connected ? t('save') : t('connect')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
