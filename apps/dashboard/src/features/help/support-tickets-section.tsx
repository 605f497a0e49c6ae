import type { SupportTicket } from '@convo/api';
import { isAdminRole, SUPPORT_TICKET_LIMITS, SUPPORT_TICKET_STATUS } from '@convo/domain';
import {
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequiredSession } from '../../app/session/use-required-session';
import { toast, toastError } from '../../app/toasts';
import { SectionLoader } from '../../components/page-loader';
import {
  createTicketType,
  fetchTicket,
  fetchTickets,
  fetchTicketTypes,
  replyToTicket,
  setTicketStatus,
  supportTicketKeys,
} from './support-tickets-api';

// The tickets the public /help form filed for this workspace: open and solved, each with its
// answers; a member answers (mailed to the requester) and solves. Admins add issue types.

function TicketRow({ ticket, onOpen }: { ticket: SupportTicket; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Paper component="li" withBorder radius="md" p={0} style={{ listStyle: 'none' }}>
      <UnstyledButton onClick={onOpen} p="sm" w="100%" data-testid="support-ticket">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {ticket.reference} · {ticket.subject}
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('help.tickets.from', {
                name: ticket.name,
                email: ticket.email,
                when: new Date(ticket.createdAt).toLocaleString(i18n.language),
              })}
            </Text>
          </Stack>
          <Group gap={6}>
            {ticket.type && <Badge variant="outline">{ticket.type.name}</Badge>}
            <Badge variant="light">{t('help.tickets.replies', { count: ticket.replyCount })}</Badge>
          </Group>
        </Group>
      </UnstyledButton>
    </Paper>
  );
}

function TicketDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  const detail = useQuery({
    queryKey: supportTicketKeys.detail(id),
    queryFn: ({ signal }) => fetchTicket(id, signal),
  });
  const refresh = async () => queryClient.invalidateQueries({ queryKey: supportTicketKeys.all });
  const reply = useMutation({
    mutationFn: () => replyToTicket(id, message.trim()),
    onSuccess: async () => {
      setMessage('');
      toast.success(t('help.tickets.replySent'));
      await refresh();
    },
    onError: (err) => toastError(err),
  });
  const status = useMutation({
    mutationFn: (next: number) => setTicketStatus(id, next),
    onSuccess: async (_data, next) => {
      toast.success(
        t(next === SUPPORT_TICKET_STATUS.SOLVED ? 'help.tickets.solvedToast' : 'help.tickets.reopenedToast'),
      );
      await refresh();
    },
    onError: (err) => toastError(err),
  });
  const ticket = detail.data;
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={ticket ? `${ticket.reference} · ${ticket.subject}` : t('common.loading')}
    >
      {!ticket ? (
        <SectionLoader />
      ) : (
        <Stack>
          <Text size="sm" c="dimmed">
            {t('help.tickets.from', {
              name: ticket.name,
              email: ticket.email,
              when: new Date(ticket.createdAt).toLocaleString(i18n.language),
            })}
          </Text>
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{ticket.description}</Text>
          {ticket.replies.map((r) => (
            <Paper key={r.id} withBorder p="sm" radius="sm" bg="var(--mantine-color-gray-light)">
              <Text size="xs" c="dimmed">
                {t('help.tickets.answeredBy', {
                  name: r.authorName ?? t('help.tickets.formerMember'),
                  when: new Date(r.createdAt).toLocaleString(i18n.language),
                })}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {r.message}
              </Text>
            </Paper>
          ))}
          <Textarea
            label={t('help.tickets.replyLabel')}
            description={t('help.tickets.replyHint', { email: ticket.email })}
            autosize
            minRows={3}
            maxLength={SUPPORT_TICKET_LIMITS.reply}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
          />
          <Group justify="space-between">
            {ticket.status === SUPPORT_TICKET_STATUS.SOLVED ? (
              <Button
                variant="default"
                loading={status.isPending}
                onClick={() => status.mutate(SUPPORT_TICKET_STATUS.OPEN)}
              >
                {t('help.tickets.reopen')}
              </Button>
            ) : (
              <Button
                variant="default"
                loading={status.isPending}
                onClick={() => status.mutate(SUPPORT_TICKET_STATUS.SOLVED)}
              >
                {t('help.tickets.solve')}
              </Button>
            )}
            <Button disabled={message.trim() === ''} loading={reply.isPending} onClick={() => reply.mutate()}>
              {t('help.tickets.send')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function IssueTypes() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const types = useQuery({
    queryKey: supportTicketKeys.types,
    queryFn: ({ signal }) => fetchTicketTypes(signal),
  });
  const add = useMutation({
    mutationFn: () => createTicketType(name.trim()),
    onSuccess: async () => {
      setName('');
      await queryClient.invalidateQueries({ queryKey: supportTicketKeys.types });
    },
    onError: (err) => toastError(err),
  });
  return (
    <Stack gap="xs">
      <Text fw={600}>{t('help.tickets.types')}</Text>
      <Group gap={6}>
        {(types.data ?? []).length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('help.tickets.noTypes')}
          </Text>
        ) : (
          types.data?.map((type) => (
            <Badge key={type.id} variant="outline">
              {type.name}
            </Badge>
          ))
        )}
      </Group>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim()) add.mutate();
        }}
      >
        <Group gap="xs" align="flex-end">
          <TextInput
            label={t('help.tickets.newType')}
            value={name}
            maxLength={SUPPORT_TICKET_LIMITS.typeName}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Button type="submit" variant="default" loading={add.isPending} disabled={name.trim() === ''}>
            {t('help.tickets.addType')}
          </Button>
        </Group>
      </form>
    </Stack>
  );
}

export function SupportTicketsSection() {
  const { t } = useTranslation();
  const session = useRequiredSession();
  const [status, setStatus] = useState<number>(SUPPORT_TICKET_STATUS.OPEN);
  const [openId, setOpenId] = useState<string | null>(null);
  const tickets = useQuery({
    queryKey: supportTicketKeys.list(status),
    queryFn: ({ signal }) => fetchTickets(status, signal),
  });
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="tickets-heading">
      <Stack>
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="h4" id="tickets-heading">
            {t('help.tickets.title')}
          </Title>
          <SegmentedControl
            value={String(status)}
            onChange={(v) => setStatus(Number(v))}
            data={[
              { value: String(SUPPORT_TICKET_STATUS.OPEN), label: t('help.tickets.open') },
              { value: String(SUPPORT_TICKET_STATUS.SOLVED), label: t('help.tickets.solved') },
            ]}
          />
        </Group>
        {tickets.isPending ? (
          <SectionLoader />
        ) : tickets.isError ? (
          <Text c="red">{t('help.tickets.loadFailed')}</Text>
        ) : tickets.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {status === SUPPORT_TICKET_STATUS.OPEN
              ? t('help.tickets.emptyOpen')
              : t('help.tickets.emptySolved')}
          </Text>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0}>
            {tickets.data.map((ticket) => (
              <TicketRow key={ticket.id} ticket={ticket} onOpen={() => setOpenId(ticket.id)} />
            ))}
          </Stack>
        )}
        {isAdminRole(session.roleType) && <IssueTypes />}
      </Stack>
      {openId && <TicketDialog id={openId} onClose={() => setOpenId(null)} />}
    </Card>
  );
}
