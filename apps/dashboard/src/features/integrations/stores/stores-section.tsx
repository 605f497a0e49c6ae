// Online stores in the hub (issue 38 items 1–2): Shopify and BigCommerce, each connected with its
// store name and Admin API token; "reconnect" when the store refused the token.

import { STORE_PROVIDERS, type StoreConnection, type StoreProvider } from '@convo/api';
import {
  Badge,
  Button,
  Group,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/toasts';
import { SectionLoader } from '../../../components/page-loader';
import { LoadFailed, NS, toastIntegrationError } from '../shared';
import { connectStore, disconnectStore, fetchStores, storeKeys } from './stores-api';

function StoreCard({
  provider,
  connection,
}: {
  provider: StoreProvider;
  connection: StoreConnection | undefined;
}) {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const form = useForm({
    initialValues: { store: '', accessToken: '' },
    validate: {
      store: (v) => (v.trim() === '' ? t('stores.required') : null),
      accessToken: (v) => (v.trim() === '' ? t('stores.required') : null),
    },
  });
  const refresh = () => client.invalidateQueries({ queryKey: storeKeys.list });
  const connect = useMutation({
    mutationFn: (values: { store: string; accessToken: string }) => connectStore(provider, values),
    onSuccess: (saved) => {
      form.reset();
      toast.success(t('stores.connectedToast', { name: saved.displayName }));
      void refresh();
    },
    onError: toastIntegrationError,
  });
  const disconnect = useMutation({
    mutationFn: () => disconnectStore(provider),
    onSuccess: () => {
      toast.success(t('stores.disconnectedToast'));
      void refresh();
    },
    onError: toastIntegrationError,
  });
  const name = t(`stores.names.${provider}`);
  const showForm = connection === undefined || connection.state === 'reconnect';
  return (
    <Paper withBorder p="md" radius="md" data-testid={`store-card-${provider}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{name}</Text>
          <Badge
            variant="light"
            color={connection === undefined ? 'gray' : connection.state === 'reconnect' ? 'orange' : 'green'}
            data-testid="store-state"
          >
            {connection === undefined ? t('status.not_connected') : t(`stores.state.${connection.state}`)}
          </Badge>
        </Group>
        <Text size="sm">{t(`stores.summaries.${provider}`)}</Text>
        {connection && (
          <Text size="sm" c="dimmed">
            {connection.displayName} · {connection.store}
          </Text>
        )}
        {connection?.state === 'reconnect' && (
          <Text size="sm" c="orange" role="status">
            {t('stores.reconnectHelp')}
          </Text>
        )}
        {connection && provider === 'shopify' && (
          <Text size="xs" c="dimmed">
            {connection.widgetInstalled ? t('stores.widgetInstalled') : t('stores.widgetNotInstalled')}
          </Text>
        )}
        {showForm && (
          <form onSubmit={form.onSubmit((values) => connect.mutate(values))}>
            <Stack gap="xs">
              <TextInput
                label={t(`stores.storeLabel.${provider}`)}
                placeholder={provider === 'shopify' ? 'acme.myshopify.com' : 'abc123'}
                {...form.getInputProps('store')}
              />
              <PasswordInput
                label={t('stores.tokenLabel')}
                autoComplete="off"
                {...form.getInputProps('accessToken')}
              />
              <Group justify="flex-end">
                <Button type="submit" size="xs" loading={connect.isPending}>
                  {connection?.state === 'reconnect' ? t('stores.reconnect') : t('stores.connect')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
        {connection && (
          <Group justify="flex-end">
            <Button
              size="xs"
              variant="default"
              color="red"
              loading={disconnect.isPending}
              onClick={() => disconnect.mutate()}
            >
              {t('stores.disconnect')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

export function StoresSection() {
  const { t } = useTranslation(NS);
  const stores = useQuery({ queryKey: storeKeys.list, queryFn: ({ signal }) => fetchStores(signal) });
  return (
    <Stack gap="sm" data-testid="stores-section">
      <Title order={2} size="h4">
        {t('stores.title')}
      </Title>
      {stores.isPending ? (
        <SectionLoader label={t('loading')} />
      ) : stores.isError ? (
        <LoadFailed onRetry={() => void stores.refetch()} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {STORE_PROVIDERS.map((provider) => (
            <StoreCard
              key={provider}
              provider={provider}
              connection={stores.data.find((s) => s.provider === provider)}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
