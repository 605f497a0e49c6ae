import type { Team } from '@convo/api';
import { isAdminRole, type RoleType } from '@convo/domain';
import {
  Badge,
  Button,
  Card,
  Group,
  Modal,
  MultiSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/toasts';
import {
  changeTeammates,
  createTeam,
  deleteTeam,
  fetchMembers,
  fetchTeams,
  renameTeam,
  teamKeys,
} from '../api/team-api';
import { toastTeamError } from '../lib/team-errors';
import { NS, PanelState } from './shared';

type Editing = { kind: 'create' } | { kind: 'rename'; team: Team } | { kind: 'members'; team: Team } | null;

function NameModal({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const queryClient = useQueryClient();
  const team = editing?.kind === 'rename' ? editing.team : null;
  const form = useForm({
    initialValues: { name: team?.teamName ?? '' },
    validate: { name: (v) => (v.trim() === '' ? tc('validation.required') : null) },
  });
  const save = useMutation({
    mutationFn: (name: string) => (team ? renameTeam(team.teamId, name) : createTeam(name)),
    onSuccess: (saved) => {
      toast.success(
        team ? t('teams.renamed', { name: saved.teamName }) : t('teams.created', { name: saved.teamName }),
      );
      void queryClient.invalidateQueries({ queryKey: teamKeys.teams });
      void queryClient.invalidateQueries({ queryKey: teamKeys.inboxTeams });
      onClose();
    },
    onError: toastTeamError,
  });
  return (
    <form noValidate onSubmit={form.onSubmit((v) => save.mutate(v.name.trim()))}>
      <Stack>
        <TextInput
          label={t('teams.name')}
          required
          data-autofocus
          maxLength={100}
          {...form.getInputProps('name')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function MembersModal({ team, onClose }: { team: Team; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const members = useQuery({ queryKey: teamKeys.members, queryFn: fetchMembers });
  const [selected, setSelected] = useState<string[]>(team.members.map((m) => m.userId));
  const save = useMutation({
    mutationFn: async () => {
      const before = new Set(team.members.map((m) => m.userId));
      const added = selected.filter((id) => !before.has(id));
      const removed = [...before].filter((id) => !selected.includes(id));
      if (added.length > 0) await changeTeammates(team.teamId, added, true);
      if (removed.length > 0) await changeTeammates(team.teamId, removed, false);
    },
    onSuccess: () => {
      toast.success(t('teams.membersSaved', { name: team.teamName }));
      void queryClient.invalidateQueries({ queryKey: teamKeys.teams });
      void queryClient.invalidateQueries({ queryKey: teamKeys.inboxTeams });
      onClose();
    },
    onError: toastTeamError,
  });
  const options = (members.data ?? [])
    .filter((m) => m.status !== 2 || selected.includes(m.userName))
    .map((m) => ({ value: m.userName, label: m.name || m.email }));
  return (
    <Stack>
      <MultiSelect
        label={t('teams.members')}
        data={options}
        value={selected}
        onChange={setSelected}
        searchable
        disabled={members.isPending}
        data-autofocus
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button loading={save.isPending} onClick={() => save.mutate()}>
          {t('common.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Teams (Default Team first, as the server lists them), their members, create/rename/delete. */
export function TeamsPanel({ roleType }: { roleType: RoleType }) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const teams = useQuery({ queryKey: teamKeys.teams, queryFn: fetchTeams });
  const [editing, setEditing] = useState<Editing>(null);
  const isAdmin = isAdminRole(roleType);
  const remove = useMutation({
    mutationFn: (team: Team) => deleteTeam(team.teamId),
    onSuccess: (_d, team) => {
      toast.success(t('teams.deleted', { name: team.teamName }));
      void queryClient.invalidateQueries({ queryKey: teamKeys.teams });
    },
    onError: toastTeamError,
  });
  const list = teams.data ?? [];
  const close = () => setEditing(null);
  return (
    <Stack>
      {isAdmin && (
        <Group justify="flex-end">
          <Button onClick={() => setEditing({ kind: 'create' })}>{t('teams.create')}</Button>
        </Group>
      )}
      {teams.isPending || teams.isError || list.length === 0 ? (
        <PanelState
          loading={teams.isPending}
          error={teams.isError}
          empty={list.length === 0}
          emptyText={t('teams.empty')}
          onRetry={() => void teams.refetch()}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {list.map((team) => (
            <Card key={team.teamId} withBorder radius="md" data-testid={`team-${team.teamName}`}>
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={600}>{team.teamName}</Text>
                  {team.isDefault && <Badge variant="light">{t('teams.default')}</Badge>}
                </Group>
                <Text size="sm" c="dimmed">
                  {t('teams.memberCount', { count: team.members.length })}
                </Text>
                <Text size="sm" lineClamp={2}>
                  {team.members.map((m) => m.displayName || m.userId).join(', ')}
                </Text>
                {isAdmin && (
                  <Group gap="xs">
                    <Button size="xs" variant="light" onClick={() => setEditing({ kind: 'members', team })}>
                      {t('teams.members')}
                    </Button>
                    {!team.isDefault && (
                      <>
                        <Button
                          size="xs"
                          variant="subtle"
                          onClick={() => setEditing({ kind: 'rename', team })}
                        >
                          {t('teams.rename')}
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() =>
                            modals.openConfirmModal({
                              title: t('teams.delete'),
                              children: (
                                <Text size="sm">{t('teams.confirmDelete', { name: team.teamName })}</Text>
                              ),
                              labels: { confirm: t('teams.delete'), cancel: t('common.cancel') },
                              confirmProps: { color: 'red' },
                              onConfirm: () => remove.mutate(team),
                            })
                          }
                        >
                          {t('teams.delete')}
                        </Button>
                      </>
                    )}
                  </Group>
                )}
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <Modal
        opened={editing !== null}
        onClose={close}
        title={
          editing?.kind === 'members'
            ? t('teams.editMembers', { team: editing.team.teamName })
            : editing?.kind === 'rename'
              ? t('teams.rename')
              : t('teams.create')
        }
      >
        {editing?.kind === 'members' ? (
          <MembersModal team={editing.team} onClose={close} />
        ) : editing !== null ? (
          <NameModal
            key={editing.kind === 'rename' ? editing.team.teamId : 'new'}
            editing={editing}
            onClose={close}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}
