// The conversation's CRMs and helpdesks, in the inbox side panel (issue 38 item 3): its Zendesk
// ticket (made from the transcript, then linked), and the CRM activity it was logged as. A
// provider whose credentials were refused says so, with the way to reconnect it.

import type { CrmProvider } from '@convo/api';
import { Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '../../../app/toasts';
import { useConversationCrm, useCreateTicket, useSyncConversation } from './api';
import { CRM_NS, toastCrmError } from './crms-page';

export const CRMS_PATH = '/integrations/crms';

export function ConversationCrm({ groupId }: { groupId: number }) {
  const { t, ready } = useTranslation(CRM_NS);
  const state = useConversationCrm(groupId);
  const ticket = useCreateTicket(groupId);
  const sync = useSyncConversation(groupId);
  if (!ready) return null;
  if (state.isPending) return <Loader size="xs" aria-label={t('loading')} />;
  // Nothing connected, or the state could not be read: the panel stays as it was.
  if (state.isError || state.data.providers.length === 0) return null;
  const { providers, links, zendesk } = state.data;
  const linkOf = (p: CrmProvider) => links.find((l) => l.provider === p);
  const zendeskLink = linkOf('zendesk');
  const name = (p: CrmProvider) => t(`providers.${p}.name`);
  return (
    <Stack gap={6} data-testid="conversation-crm">
      <Title order={3} size="h6" c="dimmed" tt="uppercase">
        {t('conversation.title')}
      </Title>
      {providers
        .filter((p) => p.status === 'reconnect')
        .map((p) => (
          <Text key={p.provider} size="sm" c="red" role="alert">
            {t('conversation.reconnect', { provider: name(p.provider) })}{' '}
            <Anchor component={Link} to={CRMS_PATH} size="sm">
              {t('conversation.reconnectLink')}
            </Anchor>
          </Text>
        ))}
      {zendeskLink?.url ? (
        <Anchor
          href={zendeskLink.url}
          target="_blank"
          rel="noreferrer"
          size="sm"
          data-testid="zendesk-ticket-link"
        >
          {t('conversation.ticket', { id: zendeskLink.externalId })}
        </Anchor>
      ) : (
        zendesk.enabled && (
          <Group>
            <Button
              size="xs"
              variant="light"
              loading={ticket.isPending}
              data-testid="create-zendesk-ticket"
              onClick={() =>
                ticket.mutate(undefined, {
                  onSuccess: (l) => toast.success(t('conversation.ticketMade', { id: l.externalId })),
                  onError: (e) => toastCrmError(e, t('somethingWrong')),
                })
              }
            >
              {t('conversation.createTicket')}
            </Button>
          </Group>
        )
      )}
      {providers
        .filter((p) => p.provider !== 'zendesk' && p.status === 'connected')
        .map(({ provider }) => {
          const link = linkOf(provider);
          const crm = provider === 'salesforce' ? 'salesforce' : 'hubspot';
          return (
            <Group key={provider} gap="xs" wrap="wrap">
              <Button
                size="xs"
                variant="light"
                loading={sync.isPending && sync.variables === crm}
                data-testid={`sync-${provider}`}
                onClick={() =>
                  sync.mutate(crm, {
                    onSuccess: () => toast.success(t('conversation.logged', { provider: name(provider) })),
                    onError: (e) => toastCrmError(e, t('somethingWrong')),
                  })
                }
              >
                {t('conversation.log', { provider: name(provider) })}
              </Button>
              {link && (
                <Text size="xs" c="dimmed">
                  {link.url ? (
                    <Anchor href={link.url} target="_blank" rel="noreferrer" size="xs">
                      {t('conversation.loggedAt', { date: new Date(link.syncedAt).toLocaleString() })}
                    </Anchor>
                  ) : (
                    t('conversation.loggedAt', { date: new Date(link.syncedAt).toLocaleString() })
                  )}
                </Text>
              )}
            </Group>
          );
        })}
    </Stack>
  );
}
