import type { MetaOAuthPending, MetaOAuthType } from '@convo/api';
import { Alert, Button, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/toasts';
import { SectionLoader } from '../../../components/page-loader';
import { useMetaOAuthPending, useSelectMetaAccount, useStartMetaOAuth } from '../api';
import { NS, toastIntegrationError } from '../shared';

// Back from Facebook Login (`/integration-details?type=facebook&pending=<id>`): the pages, or the
// Instagram accounts linked to them, that the admin gave access to; they pick one and the server
// connects it. Names and ids only: the tokens never leave the server. A cancel or Meta's refusal
// is shown (and toasted) with Meta's own words; no page at all says what to do about it.

/** A cancel in our words; Meta's refusal in Meta's (the server keeps its message). */
function failureOf(pending: MetaOAuthPending): { cancelled: boolean; message: string } | null {
  if (pending.status !== 'failed') return null;
  return { cancelled: pending.error?.code === 'META_OAUTH_CANCELLED', message: pending.error?.message ?? '' };
}

export function MetaAccountPicker({
  type,
  pendingId,
  onDone,
}: {
  type: MetaOAuthType;
  pendingId: string;
  onDone: () => void;
}) {
  const { t } = useTranslation(NS);
  const pending = useMetaOAuthPending(pendingId);
  const select = useSelectMetaAccount(pendingId);
  const start = useStartMetaOAuth(type);
  const [choice, setChoice] = useState<string | null>(null);
  const failure = pending.data ? failureOf(pending.data) : null;
  const failed = failure
    ? failure.cancelled
      ? t('meta.cancelled')
      : failure.message || t('somethingWrong')
    : null;

  // Errors are toasted once, when they arrive; the panel keeps them in view with the way out.
  useEffect(() => {
    if (failed) toast.error(failed);
  }, [failed]);
  useEffect(() => {
    if (pending.error) toastIntegrationError(pending.error);
  }, [pending.error]);

  const again = () =>
    start.mutate(undefined, {
      onSuccess: (url) => window.location.assign(url),
      onError: toastIntegrationError,
    });
  const actions = (
    <Group justify="flex-end" gap="xs">
      <Button variant="default" size="xs" onClick={onDone} data-testid="meta-pick-close">
        {t('meta.dismiss')}
      </Button>
      <Button variant="light" size="xs" onClick={again} loading={start.isPending}>
        {t('meta.tryAgain')}
      </Button>
    </Group>
  );

  let body: React.ReactNode;
  if (pending.isPending) body = <SectionLoader label={t('meta.loadingPages')} />;
  else if (pending.isError)
    body = (
      <Stack gap="sm">
        <Text size="sm">{t('meta.expired')}</Text>
        {actions}
      </Stack>
    );
  else if (failed)
    body = (
      <Stack gap="sm">
        <Alert color="red" title={t('meta.failedTitle')} data-testid="meta-pick-error">
          <Text size="sm" style={{ wordBreak: 'break-word' }}>
            {failed}
          </Text>
        </Alert>
        {actions}
      </Stack>
    );
  else if (pending.data.accounts.length === 0)
    body = (
      <Stack gap="sm" data-testid="meta-pick-empty">
        <Text size="sm" fw={600}>
          {t(`meta.noAccounts.${type}`)}
        </Text>
        <Text size="sm" c="dimmed">
          {t(`meta.noAccountsHelp.${type}`)}
        </Text>
        {actions}
      </Stack>
    );
  else {
    const connect = () => {
      if (choice === null) return;
      select.mutate(choice, {
        onSuccess: (connected) => {
          toast.success(t('details.connected', { name: connected.displayName || t(`names.${type}`) }));
          onDone();
        },
        onError: toastIntegrationError,
      });
    };
    body = (
      <form
        onSubmit={(e) => {
          e.preventDefault();
          connect();
        }}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('meta.pickHelp')}
          </Text>
          <Radio.Group value={choice} onChange={setChoice} aria-label={t(`meta.pickTitle.${type}`)}>
            <Stack gap="xs">
              {pending.data.accounts.map((account) => (
                <Radio.Card
                  key={account.id}
                  value={account.id}
                  radius="md"
                  p="sm"
                  data-testid="meta-account"
                  aria-label={account.name}
                >
                  <Group gap="sm" wrap="nowrap">
                    <Radio.Indicator />
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600} style={{ wordBreak: 'break-word' }}>
                        {account.name}
                      </Text>
                      <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
                        {type === 'instagram'
                          ? t('meta.linkedPage', { name: account.pageName || account.pageId })
                          : t('meta.pageId', { id: account.id })}
                      </Text>
                    </Stack>
                  </Group>
                </Radio.Card>
              ))}
            </Stack>
          </Radio.Group>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onDone}>
              {t('details.cancel')}
            </Button>
            <Button
              type="submit"
              disabled={choice === null}
              loading={select.isPending}
              data-testid="meta-pick-connect"
            >
              {t('meta.connect')}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }

  return (
    <Paper withBorder p="md" radius="md" data-testid="meta-account-picker">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t(`meta.pickTitle.${type}`)}
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}
