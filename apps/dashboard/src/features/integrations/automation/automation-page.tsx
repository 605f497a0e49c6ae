// /integrations/automation-analytics (SPEC §2; issue 38 item 4): the automation connector. The API
// key an automation platform (Zapier, Make, n8n) uses, shown once when made or rotated with the
// deliveries' signing secret; the REST hooks it subscribed; the usage table of deliveries.

import {
  AUTOMATION_ACTIONS,
  AUTOMATION_HEADERS,
  AUTOMATION_PATHS,
  AUTOMATION_TRIGGERS,
  type AutomationDelivery,
  type AutomationNewKey,
} from '@convo/api';
import {
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast, toastError } from '../../../app/toasts';
import { PageHeader } from '../../../components/page-header';
import { PageLoader, SectionLoader } from '../../../components/page-loader';
import { IntegrationHubTabs } from '../hub-tabs';
import { LoadFailed } from '../shared';
import {
  useAutomationHooks,
  useAutomationKey,
  useAutomationUsage,
  useRotateAutomationKey,
  useUnsubscribeHook,
} from './api';

const NS = 'automation';

const STATUS_COLOR: Readonly<Record<AutomationDelivery['status'], string>> = {
  pending: 'gray',
  retrying: 'yellow',
  delivered: 'green',
  failed: 'red',
  unsubscribed: 'orange',
  skipped: 'gray',
};

export function AutomationPage() {
  const { t, ready } = useTranslation(NS);
  if (!ready) return <PageLoader />;
  return (
    <Stack gap="md" maw={1100}>
      <PageHeader title={t('title')} description={t('description')} />
      <IntegrationHubTabs />
      <ApiKeySection />
      <SubscriptionsSection />
      <UsageSection />
    </Stack>
  );
}

function ApiKeySection() {
  const { t, i18n } = useTranslation(NS);
  const key = useAutomationKey();
  const rotate = useRotateAutomationKey();
  const [confirming, setConfirming] = useState(false);
  const [made, setMade] = useState<AutomationNewKey | null>(null);
  const run = () =>
    rotate.mutate(undefined, {
      onSuccess: (data) => {
        setConfirming(false);
        setMade(data);
        toast.success(t('key.made'));
      },
      onError: (error) => toastError(error, t('somethingWrong')),
    });
  const origin = window.location.origin;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="automation-key-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="automation-key-title">
          {t('key.title')}
        </Title>
        {key.isPending ? (
          <SectionLoader label={t('loading')} />
        ) : key.isError ? (
          <LoadFailed onRetry={() => void key.refetch()} />
        ) : (
          <>
            <Text size="sm" data-testid="automation-key-status">
              {key.data.configured && key.data.createdAt !== null
                ? t('key.configured', {
                    hint: key.data.hint,
                    member: key.data.createdBy ?? '—',
                    date: new Date(key.data.createdAt).toLocaleString(i18n.language),
                  })
                : t('key.none')}
            </Text>
            <Group>
              <Button
                onClick={() => (key.data.configured ? setConfirming(true) : run())}
                loading={rotate.isPending && !confirming}
              >
                {key.data.configured ? t('key.rotate') : t('key.make')}
              </Button>
            </Group>
          </>
        )}
        <Text size="sm" c="dimmed">
          {t('key.howTo', { header: AUTOMATION_HEADERS.apiKey })}
        </Text>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text size="sm">{t('key.subscribeAt')}</Text>
          <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {`POST ${origin}${AUTOMATION_PATHS.subscribe}\n{ "event": "conversation.resolved", "targetUrl": "https://…" }\nDELETE ${origin}${AUTOMATION_PATHS.unsubscribe}`}
          </Code>
          <Text size="sm">
            {t('key.triggers')} {AUTOMATION_TRIGGERS.map((e) => t(`events.${e}`)).join(' · ')}
          </Text>
          <Text size="sm">
            {t('key.actions')} {AUTOMATION_ACTIONS.map((a) => t(`actions.${a}`)).join(' · ')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('key.signature', {
              signature: AUTOMATION_HEADERS.signature,
              timestamp: AUTOMATION_HEADERS.timestamp,
            })}
          </Text>
        </Stack>
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('key.rotateTitle')}>
        <Stack>
          <Text size="sm">{t('key.rotateWarning')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('cancel')}
            </Button>
            <Button color="red" onClick={run} loading={rotate.isPending}>
              {t('key.rotate')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={made !== null} onClose={() => setMade(null)} title={t('key.shownTitle')}>
        {made && (
          <Stack>
            <Text size="sm">{t('key.shownOnce')}</Text>
            <Secret label={t('key.apiKey')} value={made.apiKey} testId="automation-api-key" />
            <Secret
              label={t('key.signingSecret')}
              value={made.signingSecret}
              testId="automation-signing-secret"
            />
            <Group justify="flex-end">
              <Button onClick={() => setMade(null)}>{t('key.copied')}</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Paper>
  );
}

function Secret({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation(NS);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Code block data-testid={testId} style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
        {value}
      </Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button size="xs" variant="light" onClick={copy} w="fit-content">
            {copied ? t('copiedOne') : t('copy', { what: label })}
          </Button>
        )}
      </CopyButton>
    </Stack>
  );
}

function SubscriptionsSection() {
  const { t, i18n } = useTranslation(NS);
  const hooks = useAutomationHooks();
  const unsubscribe = useUnsubscribeHook();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="automation-hooks-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="automation-hooks-title">
          {t('hooks.title')}
        </Title>
        {hooks.isPending ? (
          <SectionLoader label={t('loading')} />
        ) : hooks.isError ? (
          <LoadFailed onRetry={() => void hooks.refetch()} />
        ) : hooks.data.length === 0 ? (
          <Text c="dimmed" ta="center" py="md">
            {t('hooks.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('hooks.event')}</Table.Th>
                  <Table.Th>{t('hooks.target')}</Table.Th>
                  <Table.Th>{t('hooks.created')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {hooks.data.map((hook) => (
                  <Table.Tr key={hook.id} data-testid="automation-hook-row">
                    <Table.Td>{t(`events.${hook.event}`)}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-all' }}>{hook.targetUrl}</Table.Td>
                    <Table.Td>{new Date(hook.createdAt).toLocaleString(i18n.language)}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        loading={unsubscribe.isPending && unsubscribe.variables === hook.id}
                        aria-label={t('hooks.unsubscribeOne', { url: hook.targetUrl })}
                        onClick={() =>
                          unsubscribe.mutate(hook.id, {
                            onSuccess: () => toast.success(t('hooks.unsubscribed')),
                            onError: (error) => toastError(error, t('somethingWrong')),
                          })
                        }
                      >
                        {t('hooks.unsubscribe')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

function UsageSection() {
  const { t, i18n } = useTranslation(NS);
  const [page, setPage] = useState(1);
  const usage = useAutomationUsage(page);
  const pages = usage.data ? Math.max(1, Math.ceil(usage.data.total / usage.data.pageSize)) : 1;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="automation-usage-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id="automation-usage-title">
            {t('usage.title')}
          </Title>
          <Button size="xs" variant="default" onClick={() => void usage.refetch()} loading={usage.isFetching}>
            {t('usage.refresh')}
          </Button>
        </Group>
        {usage.isPending ? (
          <SectionLoader label={t('loading')} />
        ) : usage.isError ? (
          <LoadFailed onRetry={() => void usage.refetch()} />
        ) : (
          <>
            <Group gap="xs" data-testid="automation-usage-summary">
              <Badge color="green" variant="light">
                {t('usage.delivered', { count: usage.data.summary.delivered })}
              </Badge>
              <Badge color="red" variant="light">
                {t('usage.failed', { count: usage.data.summary.failed })}
              </Badge>
              <Badge color="gray" variant="light">
                {t('usage.pending', { count: usage.data.summary.pending })}
              </Badge>
            </Group>
            {usage.data.items.length === 0 ? (
              <Text c="dimmed" ta="center" py="md">
                {t('usage.empty')}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={680}>
                <Table striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('usage.when')}</Table.Th>
                      <Table.Th>{t('hooks.event')}</Table.Th>
                      <Table.Th>{t('hooks.target')}</Table.Th>
                      <Table.Th>{t('usage.status')}</Table.Th>
                      <Table.Th>{t('usage.attempts')}</Table.Th>
                      <Table.Th>{t('usage.answer')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {usage.data.items.map((d) => (
                      <Table.Tr key={d.id} data-testid="automation-delivery-row">
                        <Table.Td>{new Date(d.createdAt).toLocaleString(i18n.language)}</Table.Td>
                        <Table.Td>{t(`events.${d.event}`)}</Table.Td>
                        <Table.Td style={{ wordBreak: 'break-all' }}>{d.targetUrl}</Table.Td>
                        <Table.Td>
                          <Badge color={STATUS_COLOR[d.status]} variant="light">
                            {t(`statuses.${d.status}`)}
                          </Badge>
                        </Table.Td>
                        <Table.Td>{d.attempts}</Table.Td>
                        <Table.Td>
                          {d.lastError ?? (d.lastStatusCode !== null ? `HTTP ${d.lastStatusCode}` : '—')}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            {pages > 1 && (
              <Group justify="center">
                <Pagination
                  total={pages}
                  value={page}
                  onChange={setPage}
                  getControlProps={(control) => ({ 'aria-label': t(`pager.${control}` as 'pager.next') })}
                  getItemProps={(p) => ({ 'aria-label': t('pager.page', { page: p }) })}
                />
              </Group>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
