// Header actions of the open conversation: assignee (agent, bot — taking over from a bot — or team),
// status, tags, spam, and the transcript by e-mail.

import type { GroupFeed } from '@convo/api';
import { AGENT_SETTABLE_STATUSES, CONVERSATION_STATUS, isAllowed, ROLE_TYPE } from '@convo/domain';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  MenuItem,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QUERY_ROOTS } from '../../../app/realtime';
import { useRequiredSession } from '../../../app/session/use-required-session';
import { toast, toastError } from '../../../app/toasts';
import { LazyMenu } from '../../../components/overlays/lazy-menu';
import { LazyMultiSelect, LazySelect } from '../../../components/overlays/lazy-select';
import { useTags } from '../../conversation-settings/api/conversation-settings-api';
import { ChannelIcon } from '../../integrations/channel-icon';
import { changeAssignee, changeStatus, changeTags, changeTeam, sendTranscript } from '../api/inbox-api';
import { useTeammates, useTeams } from '../hooks/use-inbox-data';
import { useMessagesShown } from '../hooks/use-messages';
import { toastInboxError } from '../lib/inbox-errors';
import { AssigneeStandIn, TagsStandIn } from './header-stand-ins';
import { StatusBadge } from './status-badge';

const TAGS_STYLE = { flex: 1, minWidth: 180 };

/** Teams share the assign menu with people; their values carry this prefix. */
const TEAM_VALUE = 'team:';

export function ConversationHeader({
  feed,
  title,
  onBack,
  extra,
}: {
  feed: GroupFeed;
  title: string;
  onBack?: () => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('inbox');
  const session = useRequiredSession();
  const queryClient = useQueryClient();
  const teammates = useTeammates();
  const tags = useTags();
  const teams = useTeams();
  const [transcriptOpen, setTranscriptOpen] = useState(false);
  const [transcriptTo, setTranscriptTo] = useState('');
  const [busy, setBusy] = useState(false);
  // The assignee and tags pickers mount once the messages are shown (header-stand-ins.tsx), or at
  // once when a stand-in gets the focus.
  const [wanted, setWanted] = useState<'assignee' | 'tags' | null>(null);
  const pickers = useMessagesShown(feed.id) || wanted !== null;
  const canAct = isAllowed(
    'conversations',
    session.roleType,
    session.appSettings.companySetting,
    session.product,
  );

  const refresh = (updated: GroupFeed) => {
    queryClient.setQueryData([QUERY_ROOTS.conversation, feed.id], updated);
    void queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.conversations] });
    void queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.timeline, feed.id] });
  };

  const run = async (action: () => Promise<GroupFeed>, done?: string) => {
    setBusy(true);
    try {
      refresh(await action());
      if (done) toast.success(done);
    } catch (error) {
      toastInboxError(error);
    } finally {
      setBusy(false);
    }
  };

  const bots = new Set(
    (teammates.data ?? []).filter((u) => u.roleType === ROLE_TYPE.BOT).map((u) => u.userId),
  );
  const botInConversation = feed.membersId.some((id) => bots.has(id));
  // A bot assigned answers; a bot still in the conversation without it was paused (handoff or a
  // person's reply).
  const botState =
    feed.assignee && bots.has(feed.assignee) ? 'answering' : botInConversation ? 'paused' : null;
  const people = (teammates.data ?? []).filter((u) => !u.deactivated);
  const assigneeOptions = [
    {
      group: t('header.agents'),
      items: people
        .filter((u) => u.roleType !== ROLE_TYPE.BOT)
        .map((u) => ({ value: u.userId, label: u.displayName || u.userId })),
    },
    {
      group: t('header.bots'),
      items: people
        .filter((u) => u.roleType === ROLE_TYPE.BOT)
        .map((u) => ({ value: u.userId, label: u.displayName || u.userId })),
    },
    {
      group: t('header.teams'),
      items: (teams.data ?? []).map((team) => ({
        value: `${TEAM_VALUE}${team.clientGroupId}`,
        label: team.teamName,
      })),
    },
  ].filter((g) => g.items.length > 0);
  // Unassigned conversations show their team, so the menu says where they wait.
  const assignValue = feed.assignee ?? (feed.teamId ? `${TEAM_VALUE}${feed.teamId}` : null);
  // Every conversation starts in the Default Team; a badge only for a team it was given.
  const team = feed.teamId ? teams.data?.find((x) => x.clientGroupId === feed.teamId) : undefined;
  const teamBadge = team && !team.isDefault ? team.teamName : null;

  const onAssign = (value: string | null) => {
    if (!value || value === assignValue) return;
    if (value.startsWith(TEAM_VALUE)) {
      const teamKey = value.slice(TEAM_VALUE.length);
      const name = teams.data?.find((x) => x.clientGroupId === teamKey)?.teamName ?? teamKey;
      void run(() => changeTeam(feed.id, teamKey), t('header.teamAssigned', { team: name }));
      return;
    }
    // Taking a conversation from a bot hands it over (the bot stops answering).
    void run(
      () => changeAssignee(feed.id, value, botInConversation && !bots.has(value)),
      t('header.assigned'),
    );
  };

  const tagNames = feed.tags.map((x) => x.name);
  const tagsPlaceholder = tagNames.length === 0 ? t('header.addTag') : undefined;
  // What the assignee picker shows: its stand-in shows the same.
  const assigneeLabel =
    assigneeOptions.flatMap((g) => g.items).find((o) => o.value === assignValue)?.label ?? '';
  const activeTags = (tags.data?.active ?? []).map((x) => x.name);

  const onTags = (next: string[]) => {
    const added = next.filter((n) => !tagNames.includes(n));
    const removed = tagNames.filter((n) => !next.includes(n));
    void run(async () => {
      let updated = feed;
      if (added.length > 0) updated = await changeTags(feed.id, 'add', added);
      if (removed.length > 0) updated = await changeTags(feed.id, 'remove', removed);
      return updated;
    });
  };

  const mailTranscript = async () => {
    setBusy(true);
    try {
      const sent = await sendTranscript(feed.id, transcriptTo.trim() || undefined);
      toast.success(t('header.transcriptSent', { to: sent.to }));
      setTranscriptOpen(false);
      setTranscriptTo('');
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={6} p="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          {onBack && (
            <ActionIcon variant="subtle" onClick={onBack} aria-label={t('header.back')} hiddenFrom="md">
              ←
            </ActionIcon>
          )}
          {feed.channel && <ChannelIcon channel={feed.channel} />}
          <Title order={2} size="h5" lineClamp={1} data-testid="conversation-title">
            {title}
          </Title>
          <StatusBadge status={feed.status} />
          {botState && (
            <Badge
              size="xs"
              variant={botState === 'answering' ? 'light' : 'outline'}
              color={botState === 'answering' ? 'violet' : 'gray'}
              style={{ flexShrink: 0 }}
              data-testid="conversation-bot-state"
            >
              {botState === 'answering' ? t('header.botAnswering') : t('header.botPaused')}
            </Badge>
          )}
          {teamBadge && (
            <Badge
              size="xs"
              variant="outline"
              color="gray"
              title={t('list.team')}
              style={{ flexShrink: 0 }}
              data-testid="conversation-team"
            >
              {teamBadge}
            </Badge>
          )}
        </Group>
        {extra && <Box style={{ flexShrink: 0 }}>{extra}</Box>}
      </Group>
      {canAct && (
        <Group gap={6} wrap="wrap">
          <LazyMenu
            position="bottom-start"
            target={
              <Button size="compact-sm" variant="light" loading={busy} data-testid="status-menu">
                {t('header.status')}
              </Button>
            }
          >
            {AGENT_SETTABLE_STATUSES.map((s) => (
              <MenuItem
                key={s}
                disabled={s === feed.status}
                onClick={() => void run(() => changeStatus(feed.id, s), t('header.statusChanged'))}
              >
                {t(`status.${s}`)}
              </MenuItem>
            ))}
          </LazyMenu>
          <Button
            size="compact-sm"
            variant="light"
            color="red"
            disabled={busy || feed.status === CONVERSATION_STATUS.SPAM}
            onClick={() =>
              void run(() => changeStatus(feed.id, CONVERSATION_STATUS.SPAM), t('header.markedSpam'))
            }
          >
            {t('header.spam')}
          </Button>
          <Button size="compact-sm" variant="subtle" onClick={() => setTranscriptOpen(true)}>
            {t('header.transcript')}
          </Button>
          {pickers ? (
            <>
              <LazySelect
                size="xs"
                aria-label={t('header.assignee')}
                placeholder={t('header.unassigned')}
                data={assigneeOptions}
                value={assignValue}
                searchable
                onChange={onAssign}
                w={{ base: '100%', xs: 190 }}
                autoFocus={wanted === 'assignee'}
                data-testid="assignee-select"
              />
              <LazyMultiSelect
                size="xs"
                aria-label={t('header.tags')}
                placeholder={tagsPlaceholder}
                data={[...new Set([...activeTags, ...tagNames])]}
                value={tagNames}
                onChange={onTags}
                searchable
                style={TAGS_STYLE}
                autoFocus={wanted === 'tags'}
                data-testid="tags-select"
              />
            </>
          ) : (
            <>
              <AssigneeStandIn
                label={t('header.assignee')}
                placeholder={t('header.unassigned')}
                value={assigneeLabel}
                onFocus={() => setWanted('assignee')}
              />
              <TagsStandIn
                label={t('header.tags')}
                tags={tagNames}
                placeholder={tagsPlaceholder}
                style={TAGS_STYLE}
                onFocus={() => setWanted('tags')}
              />
            </>
          )}
        </Group>
      )}
      <Modal
        opened={transcriptOpen}
        onClose={() => setTranscriptOpen(false)}
        title={t('header.transcriptTitle')}
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void mailTranscript();
          }}
        >
          <Stack>
            <Text size="sm">{t('header.transcriptHelp')}</Text>
            <TextInput
              type="email"
              label={t('header.transcriptTo')}
              value={transcriptTo}
              onChange={(e) => setTranscriptTo(e.currentTarget.value)}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button type="submit" loading={busy}>
                {t('header.transcriptSend')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
