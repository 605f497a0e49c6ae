import type { PushSubscriptionInfo } from '@convo/api';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api/api-error';
import { toast, toastError } from '../../app/toasts';
import { LoadFailed } from '../../components/load-failed';
import { PageHeader } from '../../components/page-header';
import { PageLoader, SectionLoader } from '../../components/page-loader';
import {
  fetchPushPublicKey,
  fetchPushSubscriptions,
  pushKey,
  removePushSubscription,
  savePushSubscription,
  sendTestPush,
} from './notification-settings-api';
import {
  currentPermission,
  currentSubscription,
  type Permission,
  PushPermissionDenied,
  subscribeThisBrowser,
} from './push-browser';

const NS = 'notifications';
const thisBrowserKey = ['settings', 'push-this-browser'] as const;

const PERMISSION_COLOURS: Record<Permission, string> = {
  granted: 'green',
  denied: 'red',
  default: 'yellow',
  unsupported: 'gray',
};

function SubscriptionRow({
  subscription,
  isThisBrowser,
  onRemoved,
}: {
  subscription: PushSubscriptionInfo;
  isThisBrowser: boolean;
  onRemoved: () => void;
}) {
  const { t, i18n } = useTranslation(NS);
  const remove = useMutation({
    mutationFn: async () => {
      await removePushSubscription(subscription.id);
      // Removing this browser also stops the browser's own subscription.
      if (isThisBrowser) await (await currentSubscription())?.unsubscribe();
    },
    onSuccess: () => {
      toast.success(t('push.removed'));
      onRemoved();
    },
    onError: (error) => toastError(error),
  });
  const label = subscription.label || t('push.unnamed');
  return (
    <Paper withBorder p="sm" radius="md" data-testid="push-subscription">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>{label}</Text>
            {isThisBrowser && <Badge variant="light">{t('push.thisBrowser')}</Badge>}
          </Group>
          <Text size="sm" c="dimmed">
            {t('push.since', {
              date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
                subscription.createdAtTime,
              ),
            })}
          </Text>
        </Stack>
        <Button
          size="xs"
          variant="light"
          color="red"
          loading={remove.isPending}
          onClick={() => remove.mutate()}
          aria-label={t('push.removeNamed', { label })}
        >
          {t('push.remove')}
        </Button>
      </Group>
    </Paper>
  );
}

/** /settings/pushnotification: Web Push in this browser, the member's browsers, and a test. */
export function PushNotificationsPage() {
  const { t, ready } = useTranslation(NS);
  const queryClient = useQueryClient();
  const [permission, setPermission] = useState<Permission>(currentPermission);
  const subscriptions = useQuery({ queryKey: pushKey, queryFn: fetchPushSubscriptions });
  const thisBrowser = useQuery({
    queryKey: thisBrowserKey,
    queryFn: async () => (await currentSubscription())?.endpoint ?? null,
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: pushKey });
    void queryClient.invalidateQueries({ queryKey: thisBrowserKey });
  };
  const enable = useMutation({
    mutationFn: async () => savePushSubscription(await subscribeThisBrowser(await fetchPushPublicKey())),
    onSuccess: () => {
      setPermission(currentPermission());
      toast.success(t('push.enabled'));
      refresh();
    },
    onError: (error) => {
      setPermission(currentPermission());
      if (error instanceof PushPermissionDenied) toast.error(t('push.permissionDenied'));
      else if (isApiError(error)) toastError(error);
      else toast.error(t('push.subscribeFailed'));
    },
  });
  const test = useMutation({
    mutationFn: sendTestPush,
    onSuccess: ({ delivered }) => toast.success(t('push.testSent', { count: delivered })),
    onError: (error) => {
      if (isApiError(error) && error.code === 'NO_PUSH_SUBSCRIPTION') toast.error(t('push.noSubscription'));
      else if (isApiError(error) && error.code === 'PUSH_FAILED') toast.error(t('push.testFailed'));
      else toastError(error);
      refresh();
    },
  });
  if (!ready) return <PageLoader />;
  const list = subscriptions.data ?? [];
  const subscribedHere = thisBrowser.data != null && list.some((s) => s.endpoint === thisBrowser.data);
  return (
    <Stack gap="md" maw={720}>
      <PageHeader title={t('push.title')} description={t('push.description')} />
      <Paper withBorder p="md" radius="md">
        <Stack>
          <Group gap="xs">
            <Text>{t('push.permission')}</Text>
            <Badge color={PERMISSION_COLOURS[permission]} variant="light" data-testid="push-permission">
              {t(`push.permissions.${permission}`)}
            </Badge>
          </Group>
          {permission === 'unsupported' && <Text size="sm">{t('push.unsupported')}</Text>}
          {permission === 'denied' && <Text size="sm">{t('push.deniedHelp')}</Text>}
          <Group wrap="wrap">
            <Button
              onClick={() => enable.mutate()}
              loading={enable.isPending}
              disabled={permission === 'unsupported' || permission === 'denied' || subscribedHere}
            >
              {subscribedHere ? t('push.enabledHere') : t('push.enable')}
            </Button>
            <Button variant="default" onClick={() => test.mutate()} loading={test.isPending}>
              {t('push.test')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Title order={2} fz="h4">
        {t('push.browsers')}
      </Title>
      {subscriptions.isPending ? (
        <SectionLoader label={t('loading')} />
      ) : subscriptions.isError ? (
        <LoadFailed
          message={t('loadFailed')}
          retryLabel={t('retry')}
          onRetry={() => void subscriptions.refetch()}
        />
      ) : list.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {t('push.empty')}
        </Text>
      ) : (
        <Stack gap="xs">
          {list.map((s) => (
            <SubscriptionRow
              key={s.id}
              subscription={s}
              isThisBrowser={s.endpoint === thisBrowser.data}
              onRemoved={refresh}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
