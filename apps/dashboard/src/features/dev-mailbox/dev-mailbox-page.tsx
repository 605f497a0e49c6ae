import { ACCOUNT_PATHS, type OutboxMail, outboxListSchema } from '@convo/api';
import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Container,
  EmptyState,
  Grid,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Tabs,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { apiRequest } from '../../app/api/api-client';
import { ApiError } from '../../app/api/api-error';
import { useConfig } from '../../app/config/config-store';
import { PATHS } from '../../app/routing/paths';
import { useSession } from '../../app/session/session-store';
import { toastError } from '../../app/toasts';
import { InboxIcon, RefreshIcon } from '../../components/icons';
import { Logo } from '../../components/logo';
import { PageLoader } from '../../components/page-loader';
import { linkify, newestFirst } from './linkify';
import { keyFromHash, MAILBOX_KEY_HEADER, rememberMailboxKey } from './mailbox-key';

const REFRESH_MS = 5_000;

async function fetchOutbox(key: string): Promise<OutboxMail[]> {
  // The operator's key, no session token: a stale token never logs anybody out here.
  const response = await apiRequest(ACCOUNT_PATHS.devMailbox, {
    schema: outboxListSchema,
    token: null,
    headers: { [MAILBOX_KEY_HEADER]: key },
  });
  return newestFirst(response.data);
}

function readKey(hash: string): string | null {
  try {
    return rememberMailboxKey(hash, window.sessionStorage);
  } catch {
    return keyFromHash(hash);
  }
}

function MailText({ text }: { text: string }) {
  return (
    <pre className="convo-mail-text">
      {linkify(text).map((segment, index) =>
        segment.kind === 'link' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments have no identity but their order
          <Anchor key={index} href={segment.href}>
            {segment.text}
          </Anchor>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments have no identity but their order
          <span key={index}>{segment.text}</span>
        ),
      )}
    </pre>
  );
}

function MailViewer({ mail }: { mail: OutboxMail }) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' }).format(
    mail.createdAt,
  );
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-labelledby="mail-subject">
      <Stack gap="xs">
        <Title order={2} fz="h4" id="mail-subject">
          {mail.subject}
        </Title>
        <Text size="sm" c="dimmed">
          {t('devMailbox.to', { to: mail.to })} · {date}
        </Text>
        <Tabs defaultValue="text" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="text">{t('devMailbox.text')}</Tabs.Tab>
            {mail.html !== null && <Tabs.Tab value="html">{t('devMailbox.html')}</Tabs.Tab>}
          </Tabs.List>
          <Tabs.Panel value="text" pt="sm">
            <MailText text={mail.text} />
          </Tabs.Panel>
          {mail.html !== null && (
            <Tabs.Panel value="html" pt="sm">
              {/* Sandboxed: no scripts; links open in a new tab. */}
              <iframe
                title={t('devMailbox.htmlPreview')}
                sandbox="allow-popups allow-popups-to-escape-sandbox"
                srcDoc={`<base target="_blank">${mail.html}`}
                style={{ width: '100%', minHeight: 420, border: 0 }}
              />
            </Tabs.Panel>
          )}
        </Tabs>
      </Stack>
    </Paper>
  );
}

/**
 * /dev/mailbox: the local outbox, for the operator only (no SMTP, on the server's machine, opened
 * from the link with the key the server prints at start). Never in the navigation.
 */
export function DevMailboxPage() {
  const { t, i18n } = useTranslation();
  const config = useConfig();
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [key] = useState(() => readKey(location.hash));
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const outbox = useQuery({
    queryKey: ['dev-mailbox', key],
    queryFn: () => fetchOutbox(key ?? ''),
    enabled: key !== null,
    refetchInterval: REFRESH_MS,
    retry: false,
  });
  // Without the key, or away from the server's machine, the server has no mailbox for us.
  const refused = key === null || (outbox.error instanceof ApiError && outbox.error.status === 404);

  // The key leaves the address bar once read (history, screenshots, a shared screen).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the first location carries the link's key
  useEffect(() => {
    if (location.hash !== '')
      void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, []);

  useEffect(() => {
    if (outbox.error !== null && !refused) toastError(outbox.error);
  }, [outbox.error, refused]);

  const mails = outbox.data ?? [];
  const selected = mails.find((mail) => mail.id === selectedId) ?? mails[0] ?? null;
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });

  return (
    <Container size="xl" py="lg">
      <Stack>
        <Group justify="space-between">
          <Group gap="sm">
            <Logo variant={config.variant} withName={false} />
            <Title order={1} fz="h2">
              {t('devMailbox.title')}
            </Title>
            <Badge variant="light">{t('devMailbox.badge')}</Badge>
          </Group>
          <Tooltip label={t('common.refresh')}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('common.refresh')}
              onClick={() => void outbox.refetch()}
              loading={outbox.isFetching}
            >
              <RefreshIcon />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Text c="dimmed" size="sm">
          {t('devMailbox.intro')}{' '}
          {session !== null && (
            <Anchor component={Link} to={PATHS.root}>
              {t('notFound.home')}
            </Anchor>
          )}
        </Text>
        {refused ? (
          <EmptyState
            icon={<InboxIcon size={32} />}
            title={t('devMailbox.keyNeededTitle')}
            description={t('devMailbox.keyNeededBody')}
          />
        ) : outbox.isPending ? (
          <PageLoader />
        ) : mails.length === 0 ? (
          <EmptyState
            icon={<InboxIcon size={32} />}
            title={t('devMailbox.emptyTitle')}
            description={t('devMailbox.emptyBody')}
          />
        ) : (
          <Grid>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Paper withBorder radius="md">
                <ScrollArea.Autosize mah="70vh">
                  <Box
                    component="ul"
                    aria-label={t('devMailbox.listLabel')}
                    m={0}
                    p={0}
                    style={{ listStyle: 'none' }}
                  >
                    {mails.map((mail) => {
                      const active = selected?.id === mail.id;
                      return (
                        <li key={mail.id}>
                          <UnstyledButton
                            onClick={() => setSelectedId(mail.id)}
                            aria-current={active ? 'true' : undefined}
                            w="100%"
                            p="sm"
                            style={{
                              borderBottom: '1px solid var(--mantine-color-default-border)',
                              background: active ? 'var(--mantine-primary-color-light)' : undefined,
                            }}
                          >
                            <Text size="sm" fw={600} lineClamp={1}>
                              {mail.subject}
                            </Text>
                            <Text size="xs" c="dimmed" lineClamp={1}>
                              {mail.to} · {time.format(mail.createdAt)}
                            </Text>
                          </UnstyledButton>
                        </li>
                      );
                    })}
                  </Box>
                </ScrollArea.Autosize>
              </Paper>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8 }}>
              {selected !== null && <MailViewer mail={selected} />}
            </Grid.Col>
          </Grid>
        )}
      </Stack>
    </Container>
  );
}
