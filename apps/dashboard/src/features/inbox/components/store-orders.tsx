// The customer's orders in the application's connected stores (issue 38 items 1–2), in the side
// panel. Loaded lazily so store code stays out of the inbox's chunk. A store that refused its
// token or did not answer shows a calm line, never a broken panel.

import {
  STORE_PATHS,
  type StoreCustomerView,
  type StoreOrder,
  storeCustomerOrdersResponseSchema,
} from '@convo/api';
import { Anchor, Badge, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiRequest } from '../../../app/api/api-client';

async function fetchCustomerOrders(userId: string, signal?: AbortSignal): Promise<StoreCustomerView[]> {
  return (
    await apiRequest(STORE_PATHS.customerOrders, {
      query: { userId },
      schema: storeCustomerOrdersResponseSchema,
      signal,
    })
  ).data;
}

function Order({ order }: { order: StoreOrder }) {
  const { t, i18n } = useTranslation('inbox');
  const amount = Number(order.total);
  const total =
    Number.isFinite(amount) && /^[A-Z]{3}$/.test(order.currency)
      ? new Intl.NumberFormat(i18n.language, { style: 'currency', currency: order.currency }).format(amount)
      : `${order.total} ${order.currency}`;
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="store-order">
      <Stack gap={2}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" fw={600}>
            {order.name}
          </Text>
          <Text size="sm">{total}</Text>
        </Group>
        <Badge variant="light" size="sm" w="fit-content" style={{ textTransform: 'none' }}>
          {order.status}
        </Badge>
        {order.items.length > 0 && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {order.items.map((i) => `${i.quantity} × ${i.name}`).join(', ')}
          </Text>
        )}
        {order.trackingUrl && (
          <Anchor href={order.trackingUrl} target="_blank" rel="noopener noreferrer" size="xs">
            {t('side.stores.track')}
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}

function StoreView({ view }: { view: StoreCustomerView }) {
  const { t } = useTranslation('inbox');
  return (
    <Stack gap={4} data-testid={`store-view-${view.provider}`}>
      <Title order={4} size="h6">
        {view.displayName}
      </Title>
      {view.state === 'reconnect' ? (
        <Text size="sm" c="dimmed" data-testid="store-reconnect">
          {t('side.stores.reconnect')}{' '}
          <Anchor component={Link} to="/integrations" size="sm">
            {t('side.stores.reconnectLink')}
          </Anchor>
        </Text>
      ) : view.state === 'unavailable' ? (
        <Text size="sm" c="dimmed">
          {t('side.stores.unavailable')}
        </Text>
      ) : view.profile === null ? (
        <Text size="sm" c="dimmed">
          {t('side.stores.notCustomer')}
        </Text>
      ) : (
        <>
          <Text size="sm">
            {view.profile.name}
            {view.profile.ordersCount !== null &&
              ` · ${t('side.stores.ordersCount', { count: view.profile.ordersCount })}`}
          </Text>
          {view.orders.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('side.stores.noOrders')}
            </Text>
          ) : (
            view.orders.map((order) => <Order key={order.id} order={order} />)
          )}
        </>
      )}
    </Stack>
  );
}

export function StoreOrders({ userId }: { userId: string }) {
  const { t } = useTranslation('inbox');
  const views = useQuery({
    queryKey: ['inbox', 'store-orders', userId],
    queryFn: ({ signal }) => fetchCustomerOrders(userId, signal),
    staleTime: 60_000,
    retry: false,
  });
  if (views.isPending) return <Loader size="xs" aria-label={t('loading')} />;
  // No stores connected (or the request failed): the section stays out of the way.
  if (views.isError)
    return (
      <Text size="sm" c="dimmed">
        {t('side.stores.unavailable')}
      </Text>
    );
  if (views.data.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="store-orders">
      <Title order={3} size="h6" c="dimmed" tt="uppercase">
        {t('side.stores.title')}
      </Title>
      {views.data.map((view) => (
        <StoreView key={view.provider} view={view} />
      ))}
    </Stack>
  );
}
