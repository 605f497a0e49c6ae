import { Anchor, Button, CopyButton, Group, Image, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { settingsPath } from '../../app/routing/settings-paths';
import { canOpen } from '../../app/routing/use-landing';
import { useSession } from '../../app/session/session-store';
import { toastError } from '../../app/toasts';
import { LoadFailed } from '../../components/load-failed';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { fetchPushSubscriptions, pushKey } from '../notification-settings/notification-settings-api';
import { createMobileSignInLink } from './agent-app-api';

/** Seconds left until `expiresAt`, ticking while the code is shown. */
function useSecondsLeft(expiresAt: number | null): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (expiresAt === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return expiresAt === null ? 0 : Math.max(0, Math.round((expiresAt - now) / 1000));
}

function PushDevices() {
  const { t } = useTranslation('routes');
  const devices = useQuery({ queryKey: pushKey, queryFn: fetchPushSubscriptions });
  if (devices.isPending) return <PageLoader minHeight="60px" />;
  if (devices.isError)
    return (
      <LoadFailed
        message={t('common.loadFailed')}
        retryLabel={t('common.retry')}
        onRetry={() => void devices.refetch()}
        py="sm"
      />
    );
  return (
    <Stack gap="xs" data-testid="agent-app-push">
      <Text size="sm">{t('agentApp.pushCount', { count: devices.data.length })}</Text>
      {devices.data.length > 0 && (
        <List size="sm">
          {devices.data.map((d) => (
            <List.Item key={d.id}>{d.label}</List.Item>
          ))}
        </List>
      )}
      <Anchor component={Link} to={settingsPath('pushnotification')} size="sm">
        {t('agentApp.pushManage')}
      </Anchor>
    </Stack>
  );
}

/**
 * /settings/agent-app: the dashboard is the agent app on a phone (it is responsive and takes push
 * notifications). Signing in there is a QR scan: a single-use link that lives five minutes.
 */
export function AgentAppPage() {
  const { t, ready } = useTranslation('routes');
  const session = useSession();
  const link = useMutation({ mutationFn: createMobileSignInLink, onError: toastError });
  const secondsLeft = useSecondsLeft(link.data?.expiresAt ?? null);
  const expired = link.data !== undefined && secondsLeft === 0;
  if (!ready) return <PageLoader />;
  const pushAllowed = session !== null && canOpen(session, settingsPath('pushnotification'));
  return (
    <Stack gap="md" maw={720}>
      <PageHeader title={t('agentApp.title')} description={t('agentApp.description')} />
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('agentApp.signInTitle')}
          </Title>
          <List type="ordered" size="sm">
            <List.Item>{t('agentApp.step1')}</List.Item>
            <List.Item>{t('agentApp.step2')}</List.Item>
            <List.Item>{t('agentApp.step3')}</List.Item>
          </List>
          {link.data && !expired ? (
            <Group align="flex-start" wrap="wrap" data-testid="agent-app-qr">
              <Image src={link.data.qrDataUrl} alt={t('agentApp.qrAlt')} w={200} h={200} />
              <Stack gap="xs" style={{ flex: '1 1 200px', minWidth: 0 }}>
                <Text size="sm">{t('agentApp.expiresIn', { seconds: secondsLeft })}</Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {link.data.url}
                </Text>
                <CopyButton value={link.data.url}>
                  {({ copied, copy }) => (
                    <Button size="xs" variant="light" onClick={copy}>
                      {copied ? t('common.copied') : t('agentApp.copyLink')}
                    </Button>
                  )}
                </CopyButton>
              </Stack>
            </Group>
          ) : (
            expired && (
              <Text size="sm" c="dimmed">
                {t('agentApp.expired')}
              </Text>
            )
          )}
          <Group>
            <Button onClick={() => link.mutate()} loading={link.isPending}>
              {link.data ? t('agentApp.newCode') : t('agentApp.showCode')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {pushAllowed && (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('agentApp.pushTitle')}
            </Title>
            <PushDevices />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
