// /settings/handover: when and to whom the bot hands a conversation to people — fallbacks in a
// row, the bot's own words that ask for a person, the agent (KM_ASSIGN_TO) or team
// (KM_ASSIGN_TEAM) it goes to, what the bot says, and (application-wide, for those who may change
// the conversation rules) whether bots leave when an agent takes over.

import type { Bot } from '@convo/api';
import { DEFAULT_FALLBACKS_BEFORE_HANDOFF } from '@convo/domain';
import { Group, NumberInput, Paper, Select, Stack, Switch, TagsInput, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { settingsPath } from '../../../app/routing/settings-paths';
import { canOpen } from '../../../app/routing/use-landing';
import { useSession } from '../../../app/session/session-store';
import { toast } from '../../../app/toasts';
import {
  useConversationSettings,
  useSaveConversationSettings,
} from '../../conversation-settings/api/conversation-settings-api';
import { fetchMembers, fetchTeams, teamKeys } from '../../team/api/team-api';
import { useUpdateBotEngine } from '../api';
import { toastBotError, useCanManageBots } from '../bots-shared';
import { BotSettingsFrame, NS } from './bot-settings-frame';
import { SettingsForm } from './settings-form';

/** Members who can take a conversation: people (not bots), neither disabled nor deleted. */
const ASSIGNABLE = (m: { roleType: string; status: number }) =>
  m.roleType !== '3' && m.status !== 2 && m.status !== 3;

function RemoveBotSwitch() {
  const { t } = useTranslation(NS);
  const settings = useConversationSettings();
  const save = useSaveConversationSettings();
  if (!settings.isSuccess) return null;
  return (
    <Switch
      label={t('handover.removeBot')}
      description={t('handover.removeBotHelp')}
      checked={settings.data.removeBotOnAgentHandOff}
      disabled={save.isPending}
      onChange={(e) =>
        save.mutate(
          { removeBotOnAgentHandOff: e.currentTarget.checked },
          { onSuccess: () => toast.success(t('handover.saved')) },
        )
      }
      data-testid="handover-remove-bot"
    />
  );
}

function HandoverForm({ bot }: { bot: Bot }) {
  const { t } = useTranslation(NS);
  const session = useSession();
  const canManage = useCanManageBots();
  const update = useUpdateBotEngine();
  const members = useQuery({ queryKey: teamKeys.members, queryFn: () => fetchMembers() });
  const teams = useQuery({ queryKey: teamKeys.teams, queryFn: () => fetchTeams() });
  const s = bot.settings;
  const [fallbacks, setFallbacks] = useState<number>(
    s.fallbacksBeforeHandoff ?? DEFAULT_FALLBACKS_BEFORE_HANDOFF,
  );
  const [words, setWords] = useState<string[]>(s.handoffWords ?? []);
  const [agent, setAgent] = useState<string | null>(s.handoffAssignTo ?? null);
  const [team, setTeam] = useState<string | null>(s.handoffTeam ?? null);
  const [message, setMessage] = useState(s.handoffMessage ?? '');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      {
        botId: bot.id,
        body: {
          settings: {
            fallbacksBeforeHandoff: fallbacks,
            handoffWords: words,
            handoffAssignTo: agent ?? '',
            handoffTeam: team ?? '',
            handoffMessage: message.trim(),
          },
        },
      },
      { onSuccess: () => toast.success(t('handover.saved')), onError: toastBotError },
    );
  };
  const agentOptions = (members.data ?? [])
    .filter(ASSIGNABLE)
    .map((m) => ({ value: m.userName, label: m.name ? `${m.name} (${m.email || m.userName})` : m.userName }));
  if (agent && !agentOptions.some((o) => o.value === agent))
    agentOptions.push({ value: agent, label: agent });
  const teamOptions = (teams.data ?? []).map((x) => ({ value: x.teamId, label: x.teamName }));
  if (team && !teamOptions.some((o) => o.value === team)) teamOptions.push({ value: team, label: team });

  return (
    <Stack gap="md">
      <SettingsForm
        onSubmit={onSubmit}
        canManage={canManage}
        saving={update.isPending}
        saveTestId="handover-save"
      >
        <NumberInput
          label={t('handover.fallbacks')}
          description={t('handover.fallbacksHelp')}
          min={0}
          max={20}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          value={fallbacks}
          onChange={(v) => setFallbacks(typeof v === 'number' ? v : 0)}
          disabled={!canManage}
          maw={260}
          data-testid="handover-fallbacks"
        />
        <TagsInput
          label={t('handover.words')}
          description={t('handover.wordsHelp')}
          placeholder={t('handover.wordsPlaceholder')}
          value={words}
          onChange={setWords}
          maxTags={50}
          clearable
          disabled={!canManage}
          data-testid="handover-words"
        />
        <Group gap="md" align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
          <Select
            label={t('handover.agent')}
            description={t('handover.agentHelp')}
            placeholder={members.isPending ? t('loading') : t('handover.routing')}
            data={agentOptions}
            value={agent}
            onChange={setAgent}
            clearable
            searchable
            disabled={!canManage || members.isPending}
            error={members.isError ? t('handover.membersFailed') : undefined}
            miw={240}
          />
          <Select
            label={t('handover.team')}
            description={t('handover.teamHelp')}
            placeholder={teams.isPending ? t('loading') : t('handover.routing')}
            data={teamOptions}
            value={team}
            onChange={setTeam}
            clearable
            searchable
            disabled={!canManage || teams.isPending}
            error={teams.isError ? t('handover.teamsFailed') : undefined}
            miw={240}
          />
        </Group>
        <Textarea
          label={t('handover.message')}
          description={t('handover.messageHelp')}
          placeholder={t('handover.messagePlaceholder')}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          maxLength={1000}
          autosize
          minRows={2}
          disabled={!canManage}
        />
      </SettingsForm>
      {canOpen(session, settingsPath('conversation-rules')) && (
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <RemoveBotSwitch />
        </Paper>
      )}
    </Stack>
  );
}

export function HandoverPage() {
  const { t } = useTranslation(NS);
  return (
    <BotSettingsFrame slug="handover" description={t('handover.description')}>
      {(bot) => <HandoverForm bot={bot} />}
    </BotSettingsFrame>
  );
}
