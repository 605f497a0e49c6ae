// /integration-details?type=<integration>: one integration's status, its provider's last error,
// the connect form, enable/disable and disconnect.

import { INTEGRATION_FEATURE, type Integration, type IntegrationType } from '@convo/api';
import { Anchor, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { toast } from '../../app/toasts';
import { PageHeader } from '../../components/page-header';
import { PageLoader, SectionLoader } from '../../components/page-loader';
import { UpgradeNotice, useLockedFeature } from '../billing/components/feature-gate';
import { useDisconnectIntegration, useIntegration, useSetIntegrationEnabled } from './api';
import { ChannelIcon } from './channel-icon';
import {
  WhatsAppCloudConnectForm,
  WhatsAppDialog360ConnectForm,
  WhatsAppGallaboxConnectForm,
  WhatsAppTwilioConnectForm,
} from './credentials-connect-form';
import { EmailConnectForm } from './email/email-connect-form';
import { INTEGRATION_SCREEN_PATHS, integrationTypeOf } from './integration-views';
import { LineConnectForm } from './line/line-connect-form';
import { MetaAccountPicker } from './meta/meta-account-picker';
import { FacebookMetaConnectForm, InstagramMetaConnectForm } from './meta/meta-connect';
import { IntegrationStatusBadge, LoadFailed, NS, toastIntegrationError } from './shared';
import { SlackConnectForm } from './slack/slack-connect-form';
import { TelegramConnectForm } from './telegram/telegram-connect-form';
import { ViberConnectForm } from './viber/viber-connect-form';
import { VoiceConnectForm } from './voice/voice-connect-form';

const CONNECT_FORMS: Readonly<Record<IntegrationType, ComponentType<{ integration: Integration }>>> = {
  telegram: TelegramConnectForm,
  line: LineConnectForm,
  viber: ViberConnectForm,
  'whatsapp-cloud-api': WhatsAppCloudConnectForm,
  'whatsapp-twilio': WhatsAppTwilioConnectForm,
  'whatsapp-dialog360': WhatsAppDialog360ConnectForm,
  'whatsapp-gallabox': WhatsAppGallaboxConnectForm,
  facebook: FacebookMetaConnectForm,
  instagram: InstagramMetaConnectForm,
  email: EmailConnectForm,
  'voice-twilio': VoiceConnectForm,
  slack: SlackConnectForm,
};

function StatusPanel({ integration }: { integration: Integration }) {
  const { t, i18n } = useTranslation(NS);
  const name = t(`names.${integration.type}`);
  const disconnect = useDisconnectIntegration(integration.type);
  const setEnabled = useSetIntegrationEnabled(integration.type);
  const time = (ms: number) => new Date(ms).toLocaleString(i18n.language);
  const confirmDisconnect = () =>
    modals.openConfirmModal({
      title: t('details.disconnectTitle', { name }),
      children: <Text size="sm">{t('details.confirmDisconnect', { name })}</Text>,
      labels: { confirm: t('details.disconnect'), cancel: t('details.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-disconnect' } as Record<string, string>,
      onConfirm: () =>
        disconnect.mutate(undefined, {
          onSuccess: () => toast.success(t('details.disconnected', { name })),
          onError: toastIntegrationError,
        }),
    });
  const toggle = (enabled: boolean) =>
    setEnabled.mutate(enabled, {
      onSuccess: () => toast.success(t(enabled ? 'details.enabled' : 'details.disabled', { name })),
      onError: toastIntegrationError,
    });
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('details.status')}
          </Title>
          <IntegrationStatusBadge status={integration.status} />
        </Group>
        {integration.displayName !== '' && (
          <Text size="sm" data-testid="integration-account">
            {t('details.account')}: {integration.displayName}
          </Text>
        )}
        {integration.connectedAt !== null && (
          <Text size="sm" c="dimmed">
            {t('details.connectedAt', { time: time(integration.connectedAt) })}
          </Text>
        )}
        {integration.lastError && (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {t('details.lastError')}
              {integration.lastErrorAt !== null && ` (${time(integration.lastErrorAt)})`}
            </Text>
            <Text size="sm" c="red" style={{ wordBreak: 'break-word' }} data-testid="integration-last-error">
              {integration.lastError}
            </Text>
          </Stack>
        )}
        {integration.webhookUrl && (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {t('details.webhook')}
            </Text>
            <Code style={{ wordBreak: 'break-all' }}>{integration.webhookUrl}</Code>
          </Stack>
        )}
        {integration.inboundAddress && (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {t('details.inboundAddress')}
            </Text>
            <Code style={{ wordBreak: 'break-all' }} data-testid="inbound-address">
              {integration.inboundAddress}
            </Code>
            <Text size="xs" c="dimmed">
              {t('details.inboundAddressHelp')}
            </Text>
          </Stack>
        )}
        {integration.status !== 'not_connected' && (
          <Group justify="flex-end" gap="xs" wrap="wrap">
            <Button
              variant="default"
              size="xs"
              loading={setEnabled.isPending}
              onClick={() => toggle(integration.status === 'disabled')}
              data-testid="integration-toggle"
            >
              {integration.status === 'disabled' ? t('details.enable') : t('details.disable')}
            </Button>
            <Button
              color="red"
              variant="light"
              size="xs"
              loading={disconnect.isPending}
              onClick={confirmDisconnect}
              data-testid="integration-disconnect"
            >
              {t('details.disconnect')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** One integration's status panel and connect form (also the body of /settings/mailbox). */
export function IntegrationDetails({ type }: { type: IntegrationType }) {
  const { t } = useTranslation(NS);
  const integration = useIntegration(type);
  const ConnectForm = CONNECT_FORMS[type];
  // The plan must open the channel to connect it (SPEC §6); disabling and disconnecting stay open.
  const feature = INTEGRATION_FEATURE[type];
  const locked = useLockedFeature(feature) !== null;
  if (integration.isPending) return <SectionLoader label={t('loading')} />;
  if (integration.isError) return <LoadFailed onRetry={() => void integration.refetch()} />;
  return (
    <Stack gap="md">
      <StatusPanel integration={integration.data} />
      <Paper withBorder p="md" radius="md">
        {locked ? <UpgradeNotice feature={feature} /> : <ConnectForm integration={integration.data} />}
      </Paper>
    </Stack>
  );
}

export function IntegrationDetailsPage() {
  const { t, ready } = useTranslation(NS);
  const [params, setParams] = useSearchParams();
  const type = integrationTypeOf(params.get('type'));
  // Back from Facebook Login with the pages to pick from.
  const pendingId = params.get('pending');
  if (!ready) return <PageLoader />;
  return (
    <Stack gap="md" maw={800}>
      <Anchor component={Link} to={INTEGRATION_SCREEN_PATHS.hub} size="sm">
        ← {t('details.back')}
      </Anchor>
      {type === null ? (
        <>
          <PageHeader title={t('title')} />
          <Text c="dimmed">{t('details.unknown')}</Text>
        </>
      ) : (
        <>
          <PageHeader
            title={
              <Group gap="sm" component="span">
                <ChannelIcon channel={type} size={28} />
                {t(`names.${type}`)}
              </Group>
            }
            description={t(`summaries.${type}`)}
          />
          {pendingId && (type === 'facebook' || type === 'instagram') && (
            <MetaAccountPicker
              type={type}
              pendingId={pendingId}
              onDone={() => setParams({ type }, { replace: true })}
            />
          )}
          <IntegrationDetails type={type} />
        </>
      )}
    </Stack>
  );
}
