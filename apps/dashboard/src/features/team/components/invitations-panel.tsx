import type { Invitation } from '@convo/api';
import { INVITED_USER_STATUS, isAdminRole, type RoleType } from '@convo/domain';
import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/toasts';
import { fetchInvitations, resendInvitation, revokeInvitation, teamKeys } from '../api/team-api';
import { toastTeamError } from '../lib/team-errors';
import { formatDate, NS, PanelState, useRoleNames } from './shared';

/** Invitations sent: invited (0) or signed up (1), with resend and revoke for pending ones. */
export function InvitationsPanel({ roleType }: { roleType: RoleType }) {
  const { t, i18n } = useTranslation(NS);
  const roleName = useRoleNames();
  const queryClient = useQueryClient();
  const invitations = useQuery({
    queryKey: teamKeys.invitations,
    queryFn: fetchInvitations,
    // Who signed up changes elsewhere: read it again whenever the tab opens.
    staleTime: 0,
  });
  const list = invitations.data ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: teamKeys.invitations });
  const resend = useMutation({
    mutationFn: (i: Invitation) => resendInvitation(i.id),
    onSuccess: (i) => {
      toast.success(t('invite.resent', { email: i.email }));
      void refresh();
    },
    onError: toastTeamError,
  });
  const revoke = useMutation({
    mutationFn: (i: Invitation) => revokeInvitation(i.id),
    onSuccess: (_d, i) => {
      toast.success(t('invite.revoked', { email: i.email }));
      void refresh();
    },
    onError: toastTeamError,
  });

  if (invitations.isPending || invitations.isError || list.length === 0) {
    return (
      <PanelState
        loading={invitations.isPending}
        error={invitations.isError}
        empty={list.length === 0}
        emptyText={t('invite.empty')}
        onRetry={() => void invitations.refetch()}
      />
    );
  }
  const isAdmin = isAdminRole(roleType);
  const now = Date.now();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" data-testid="invitations-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('invite.columns.email')}</Table.Th>
            <Table.Th>{t('invite.columns.role')}</Table.Th>
            <Table.Th>{t('invite.columns.status')}</Table.Th>
            <Table.Th>{t('invite.columns.invitedBy')}</Table.Th>
            <Table.Th>{t('invite.columns.expires')}</Table.Th>
            {isAdmin && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((i) => {
            const pending = i.status === INVITED_USER_STATUS.INVITED;
            const expired = pending && i.expiresAtTime <= now;
            return (
              <Table.Tr key={i.id} data-testid={`invitation-${i.email}`}>
                <Table.Td>{i.email}</Table.Td>
                <Table.Td>{roleName(i.roleType)}</Table.Td>
                <Table.Td>
                  {pending ? (
                    <Badge color={expired ? 'red' : 'blue'} variant="light">
                      {expired ? t('invite.expired') : t('invite.statusInvited')}
                    </Badge>
                  ) : (
                    <Badge color="green" variant="light">
                      {t('invite.statusSignedUp')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{i.invitedBy ?? '—'}</Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {pending ? formatDate(i.expiresAtTime, i18n.language) : '—'}
                  </Text>
                </Table.Td>
                {isAdmin && (
                  <Table.Td>
                    {pending && (
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="light"
                          loading={resend.isPending}
                          onClick={() => resend.mutate(i)}
                        >
                          {t('invite.resend')}
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          loading={revoke.isPending}
                          onClick={() => revoke.mutate(i)}
                        >
                          {t('invite.revoke')}
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
