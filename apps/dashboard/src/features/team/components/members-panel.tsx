import type { Session, TeamMemberView } from '@convo/api';
import { isAdminRole, type MemberChange, refuseMemberChange, USER_STATUS } from '@convo/domain';
import { Avatar, Button, Group, Menu, Select, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/toasts';
import { deleteMember, fetchMembers, teamKeys, updateMembers } from '../api/team-api';
import { toastTeamError } from '../lib/team-errors';
import { formatDate, HUMAN_ROLES, NS, PanelState, StatusBadge, useRoleNames } from './shared';

interface Props {
  session: Session;
  canDelete: boolean;
}

/** Members of the application with their role, status and what an admin may do to each. */
export function MembersPanel({ session, canDelete }: Props) {
  const { t, i18n } = useTranslation(NS);
  const roleName = useRoleNames();
  const queryClient = useQueryClient();
  const members = useQuery({ queryKey: teamKeys.members, queryFn: fetchMembers, staleTime: 0 });
  const list = members.data ?? [];
  const me = list.find((m) => m.userName === session.userName);
  const actor = { id: session.userName, roleType: session.roleType, status: USER_STATUS.ONLINE };
  const activeSuperAdmins = list.filter((m) => m.roleType === '0' && m.status !== 2).length;
  const refused = (m: TeamMemberView, change: MemberChange) =>
    refuseMemberChange(
      actor,
      { id: m.userName, roleType: m.roleType, status: m.status },
      change,
      activeSuperAdmins,
    ) !== null;

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['team'] });
  const update = useMutation({
    mutationFn: (v: {
      member: TeamMemberView;
      roleType?: (typeof HUMAN_ROLES)[number];
      deactivate?: boolean;
    }) =>
      updateMembers({
        userNames: [v.member.userName],
        ...(v.roleType === undefined ? {} : { roleType: v.roleType }),
        ...(v.deactivate === undefined ? {} : { deactivate: v.deactivate }),
      }),
    onSuccess: (_data, v) => {
      const name = v.member.name || v.member.email;
      if (v.roleType !== undefined)
        toast.success(t('team.roleChanged', { name, role: roleName(v.roleType) }));
      else toast.success(v.deactivate ? t('team.deactivated', { name }) : t('team.reactivated', { name }));
      void refresh();
    },
    onError: toastTeamError,
  });
  const remove = useMutation({
    mutationFn: (member: TeamMemberView) => deleteMember(member.userName),
    onSuccess: (_d, member) => {
      toast.success(t('team.deleted', { name: member.name || member.email }));
      void refresh();
    },
    onError: toastTeamError,
  });

  const confirm = (member: TeamMemberView, kind: 'deactivate' | 'delete') => {
    const name = member.name || member.email;
    modals.openConfirmModal({
      title:
        kind === 'delete'
          ? t('team.confirmDeleteTitle', { name })
          : t('team.confirmDeactivateTitle', { name }),
      children: (
        <Text size="sm">
          {kind === 'delete' ? t('team.confirmDelete', { name }) : t('team.confirmDeactivate', { name })}
        </Text>
      ),
      labels: {
        confirm: kind === 'delete' ? t('team.delete') : t('team.deactivate'),
        cancel: t('common.cancel'),
      },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        kind === 'delete' ? remove.mutate(member) : update.mutate({ member, deactivate: true }),
    });
  };

  const state = (
    <PanelState
      loading={members.isPending}
      error={members.isError}
      empty={list.length === 0}
      emptyText={t('team.empty')}
      onRetry={() => void members.refetch()}
    />
  );
  if (members.isPending || members.isError || list.length === 0) return state;

  const isAdmin = isAdminRole(session.roleType);
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="members-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('team.columns.member')}</Table.Th>
            <Table.Th>{t('team.columns.role')}</Table.Th>
            <Table.Th>{t('team.columns.status')}</Table.Th>
            <Table.Th>{t('team.columns.lastLogin')}</Table.Th>
            {isAdmin && <Table.Th>{t('team.columns.actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((m) => {
            const name = m.name || m.email;
            const disabled = m.status === USER_STATUS.EXPIRED;
            const roleOptions = (m.roleType === '3' ? (['3'] as const) : HUMAN_ROLES).map((r) => ({
              value: r,
              label: roleName(r),
              disabled: r !== m.roleType && refused(m, { kind: 'role', to: r }),
            }));
            const roleLocked =
              m.roleType === '3' || roleOptions.every((o) => o.value === m.roleType || o.disabled);
            return (
              <Table.Tr key={m.userName} data-testid={`member-${m.userName}`}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <Avatar name={name} color="initials" size="sm" />
                    <Stack gap={0}>
                      <Text size="sm" fw={500}>
                        {name}
                        {m.userName === me?.userName ? ` (${t('team.you')})` : ''}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {m.email}
                      </Text>
                    </Stack>
                  </Group>
                </Table.Td>
                <Table.Td>
                  {isAdmin && !roleLocked ? (
                    <Select
                      aria-label={t('team.roleOf', { name })}
                      data={roleOptions}
                      value={m.roleType}
                      allowDeselect={false}
                      w={170}
                      size="xs"
                      disabled={update.isPending}
                      onChange={(value) => {
                        const role = HUMAN_ROLES.find((r) => r === value);
                        if (role !== undefined && role !== m.roleType)
                          update.mutate({ member: m, roleType: role });
                      }}
                    />
                  ) : (
                    <Text size="sm">{roleName(m.roleType)}</Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={m.status} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {formatDate(m.lastLoggedInAtTime, i18n.language) ?? t('team.never')}
                  </Text>
                </Table.Td>
                {isAdmin && (
                  <Table.Td>
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <Button variant="subtle" size="xs" aria-label={t('team.actionsOf', { name })}>
                          ⋯
                        </Button>
                      </Menu.Target>
                      <Menu.Dropdown>
                        {disabled ? (
                          <Menu.Item
                            disabled={refused(m, { kind: 'reactivate' })}
                            onClick={() => update.mutate({ member: m, deactivate: false })}
                          >
                            {t('team.reactivate')}
                          </Menu.Item>
                        ) : (
                          <Menu.Item
                            disabled={refused(m, { kind: 'deactivate' })}
                            onClick={() => confirm(m, 'deactivate')}
                          >
                            {t('team.deactivate')}
                          </Menu.Item>
                        )}
                        {canDelete && (
                          <Menu.Item
                            color="red"
                            disabled={refused(m, { kind: 'delete' })}
                            onClick={() => confirm(m, 'delete')}
                          >
                            {t('team.delete')}
                          </Menu.Item>
                        )}
                      </Menu.Dropdown>
                    </Menu>
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
