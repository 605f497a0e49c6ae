// /bots/manage-bots: every bot with its engine, status and conversations this week; enable or
// disable, set as first responder (for every conversation or one team), delete with confirmation.
// The agentic variant lands here.

import type { Bot } from '@convo/api';
import { Anchor, Badge, Button, Group, Menu, Paper, Stack, Switch, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '../../../app/toasts';
import { ChevronDownIcon } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { PageLoader, SectionLoader } from '../../../components/page-loader';
import { fetchTeams, teamKeys } from '../../team/api/team-api';
import { useBots, useClearFirstResponder, useDeleteBot, useSetBotStatus, useSetFirstResponder } from '../api';
import { builderPath, engineDisplayName } from '../bot-screens';
import { BotsTabs, LoadFailed, NS, toastBotError, useCanManageBots, useWording } from '../bots-shared';
import { CreateBotModal } from './create-bot-modal';

function FirstResponderMenu({ bot }: { bot: Bot }) {
  const { t } = useTranslation(NS);
  const setResponder = useSetFirstResponder();
  const clearResponder = useClearFirstResponder();
  const [opened, setOpened] = useState(false);
  // Teams are read only when the menu opens: most admins never pick a team.
  const teams = useQuery({ queryKey: teamKeys.teams, queryFn: () => fetchTeams(), enabled: opened });
  const set = (teamId?: string) =>
    setResponder.mutate(teamId === undefined ? { botId: bot.id } : { botId: bot.id, teamId }, {
      onSuccess: () => toast.success(t('manage.firstResponderSet', { name: bot.name })),
      onError: toastBotError,
    });
  const busy = setResponder.isPending || clearResponder.isPending;
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          size="xs"
          variant="light"
          loading={busy}
          disabled={!bot.enabled}
          rightSection={<ChevronDownIcon size={14} />}
          data-testid="first-responder-menu"
        >
          {t('manage.setFirstResponder')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => set()} data-testid="first-responder-everyone">
          {t('manage.forEveryone')}
        </Menu.Item>
        {teams.isPending ? (
          <Menu.Label>{t('common.loading')}</Menu.Label>
        ) : (
          (teams.data ?? []).map((team) => (
            <Menu.Item key={team.teamId} onClick={() => set(team.teamId)}>
              {t('manage.forTeam', { team: team.teamName })}
            </Menu.Item>
          ))
        )}
        {(bot.firstResponder || bot.firstResponderTeamIds.length > 0) && (
          <>
            <Menu.Divider />
            <Menu.Item
              color="red"
              onClick={() =>
                void (async () => {
                  try {
                    if (bot.firstResponder) await clearResponder.mutateAsync(undefined);
                    for (const teamId of bot.firstResponderTeamIds) await clearResponder.mutateAsync(teamId);
                    toast.success(t('manage.firstResponderCleared'));
                  } catch (error) {
                    toastBotError(error);
                  }
                })()
              }
            >
              {t('manage.stopFirstResponder')}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

function BotRow({ bot, canManage }: { bot: Bot; canManage: boolean }) {
  const { t } = useTranslation(NS);
  const wording = useWording();
  const status = useSetBotStatus();
  const remove = useDeleteBot();
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('manage.deleteTitle', wording),
      children: (
        <Text size="sm" style={{ wordBreak: 'break-word' }}>
          {t('manage.confirmDelete', { name: bot.name })}
        </Text>
      ),
      labels: { confirm: t('manage.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-delete-bot' } as Record<string, string>,
      onConfirm: () =>
        remove.mutate(bot.id, {
          onSuccess: () => toast.success(t('manage.deleted', { name: bot.name })),
          onError: toastBotError,
        }),
    });
  const toggle = (enabled: boolean) =>
    status.mutate(
      { botId: bot.id, enabled },
      {
        onSuccess: () =>
          toast.success(t(enabled ? 'manage.nowEnabled' : 'manage.nowDisabled', { name: bot.name })),
        onError: toastBotError,
      },
    );
  return (
    <Paper withBorder p="sm" radius="md" data-testid="bot-row" data-bot-name={bot.name}>
      <Group justify="space-between" wrap="wrap" gap="sm" align="flex-start">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 260px' }}>
          <Anchor component={Link} to={builderPath(bot)} fw={600} style={{ wordBreak: 'break-word' }}>
            {bot.name}
          </Anchor>
          <Group gap="xs" wrap="wrap">
            <Badge variant="outline" tt="none">
              {t('manage.engine', { engine: engineDisplayName(bot.engine) })}
            </Badge>
            <Badge color={bot.enabled ? 'green' : 'gray'} variant="light" data-testid="bot-status">
              {bot.enabled ? t('manage.enabled') : t('manage.disabled')}
            </Badge>
            {bot.firstResponder && (
              <Badge color="violet" variant="light" data-testid="bot-first-responder">
                {t('manage.firstResponder')}
              </Badge>
            )}
            {bot.firstResponderTeamIds.length > 0 && (
              <Badge color="violet" variant="outline" tt="none">
                {t('manage.teamFirstResponder', { count: bot.firstResponderTeamIds.length })}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" data-testid="bot-conversations">
            {t('manage.conversations', { count: bot.conversationsThisWeek })}
            {' · '}
            {t('manage.languages', {
              languages: bot.languages
                .map((code) => t(`languages.${code}`, { defaultValue: code }))
                .join(', '),
            })}
          </Text>
          {bot.lastError !== null && (
            <Text size="xs" c="red" lineClamp={2} title={bot.lastError}>
              {t('manage.lastError', { error: bot.lastError })}
            </Text>
          )}
        </Stack>
        <Group gap="xs" wrap="wrap" align="center">
          <Switch
            label={t('manage.toggle')}
            aria-label={t('manage.toggleLabel', { name: bot.name })}
            checked={bot.enabled}
            // Not disabled while saving: that would drop the keyboard focus (each PUT says on or off).
            disabled={!canManage}
            onChange={(event) => toggle(event.currentTarget.checked)}
            data-testid="bot-enabled"
          />
          <Button size="xs" variant="default" component={Link} to={builderPath(bot)}>
            {t('manage.openBuilder')}
          </Button>
          {canManage && <FirstResponderMenu bot={bot} />}
          {canManage && (
            <Button
              size="xs"
              variant="light"
              color="red"
              loading={remove.isPending}
              onClick={confirmDelete}
              data-testid="delete-bot"
            >
              {t('manage.delete')}
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}

/** /bots/manage-bots. */
export function ManageBotsPage() {
  const { t, ready } = useTranslation(NS);
  const wording = useWording();
  const canManage = useCanManageBots();
  const bots = useBots();
  const [creating, setCreating] = useState(false);
  if (!ready) return <PageLoader />;
  const list = bots.data ?? [];
  return (
    <Stack gap="md" maw={1000}>
      <PageHeader
        title={t('manage.title', wording)}
        description={t('manage.description', wording)}
        actions={
          canManage ? (
            <Button onClick={() => setCreating(true)} data-testid="create-bot">
              {t('manage.create', wording)}
            </Button>
          ) : undefined
        }
      />
      <BotsTabs />
      {!canManage && (
        <Text size="sm" c="dimmed">
          {t('common.adminsOnly', wording)}
        </Text>
      )}
      {bots.isPending ? (
        <SectionLoader label={t('common.loading', wording)} />
      ) : bots.isError ? (
        <LoadFailed onRetry={() => void bots.refetch()} />
      ) : list.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="bots-empty">
          {t('manage.empty', wording)}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="bots-list">
          {list.map((bot) => (
            <li key={bot.id}>
              <BotRow bot={bot} canManage={canManage} />
            </li>
          ))}
        </Stack>
      )}
      {creating && <CreateBotModal onClose={() => setCreating(false)} />}
    </Stack>
  );
}
