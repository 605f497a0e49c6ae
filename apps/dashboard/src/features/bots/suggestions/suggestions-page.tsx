// /bots/suggestions: the auto-suggest canned answers (SPEC §7) that agents and bots reuse, one bot's
// or every bot's. Search, category and bot filters (the bot kept in ?botId= so other screens can
// link to one bot's list); admins create and edit in a modal and delete after a confirmation.

import type { Bot, Suggestion } from '@convo/api';
import { Badge, Button, CloseButton, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from '../../../app/toasts';
import { PageHeader } from '../../../components/page-header';
import { PageLoader, SectionLoader } from '../../../components/page-loader';
import { useBots, useSuggestions } from '../api';
import { BotsTabs, LoadFailed, NS, toastBotError, useCanManageBots, useWording } from '../bots-shared';
import { type BotFilter, categoriesOf, filterSuggestions } from './suggestion-filters';
import { SuggestionModal } from './suggestion-modal';
import { useDeleteSuggestion } from './suggestions-api';

function SuggestionRow({
  suggestion,
  botName,
  canManage,
  onEdit,
}: {
  suggestion: Suggestion;
  botName: string;
  canManage: boolean;
  onEdit: () => void;
}) {
  const { t } = useTranslation(NS);
  const remove = useDeleteSuggestion();
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('suggestions.deleteTitle'),
      children: (
        <Text size="sm" style={{ wordBreak: 'break-word' }}>
          {t('suggestions.confirmDelete', { name: suggestion.name })}
        </Text>
      ),
      labels: { confirm: t('suggestions.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-delete-suggestion' } as Record<string, string>,
      onConfirm: () =>
        remove.mutate(suggestion.id, {
          onSuccess: () => toast.success(t('suggestions.deleted', { name: suggestion.name })),
          onError: toastBotError,
        }),
    });
  return (
    <Paper withBorder p="sm" radius="md" data-testid="suggestion-row" data-suggestion-name={suggestion.name}>
      <Group justify="space-between" wrap="wrap" gap="sm" align="flex-start">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 260px' }}>
          <Text fw={600} style={{ wordBreak: 'break-word' }}>
            {suggestion.name}
          </Text>
          <Group gap="xs" wrap="wrap">
            {suggestion.category !== '' && (
              <Badge variant="light" tt="none" data-testid="suggestion-category-badge">
                {suggestion.category}
              </Badge>
            )}
            <Badge variant="outline" color="gray" tt="none" data-testid="suggestion-bot-badge">
              {botName}
            </Badge>
            {suggestion.supportsRichMessage && (
              <Badge variant="light" color="violet" tt="none">
                {t('suggestions.rich')}
              </Badge>
            )}
          </Group>
          {/* Plain text: whatever HTML the content holds is shown, never rendered. */}
          <Text
            size="sm"
            c="dimmed"
            lineClamp={3}
            style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
          >
            {suggestion.content}
          </Text>
        </Stack>
        {canManage && (
          <Group gap="xs" wrap="wrap">
            <Button
              size="xs"
              variant="default"
              onClick={onEdit}
              aria-label={t('suggestions.editLabel', { name: suggestion.name })}
              data-testid="edit-suggestion"
            >
              {t('suggestions.edit')}
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              loading={remove.isPending}
              onClick={confirmDelete}
              aria-label={t('suggestions.deleteLabel', { name: suggestion.name })}
              data-testid="delete-suggestion"
            >
              {t('suggestions.delete')}
            </Button>
          </Group>
        )}
      </Group>
    </Paper>
  );
}

/**
 * The "all categories" option: an option rather than a clear button, which Mantine hides from the
 * keyboard. The server trims categories, so one starting with a space can never collide with it.
 */
const ANY_CATEGORY = ' *';

/** The modal's state: closed, a new suggestion, or one being edited. */
type Editing = null | { suggestion?: Suggestion };

export function SuggestionsPage() {
  const { t, ready } = useTranslation(NS);
  const wording = useWording();
  const canManage = useCanManageBots();
  const suggestions = useSuggestions();
  const bots = useBots();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const bot: BotFilter = params.get('botId') ?? 'all';
  const setBot = (value: BotFilter) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === 'all') next.delete('botId');
        else next.set('botId', value);
        return next;
      },
      { replace: true },
    );

  const all = suggestions.data ?? [];
  const botList: Bot[] = bots.data ?? [];
  const categories = useMemo(() => categoriesOf(all), [all]);
  const shown = useMemo(
    () => filterSuggestions(all, { search, category, bot }),
    [all, search, category, bot],
  );
  const botNames = useMemo(() => new Map(botList.map((b) => [b.id, b.name])), [botList]);
  if (!ready) return <PageLoader />;

  const nameOfBot = (s: Suggestion) =>
    s.botKey === null ? t('suggestions.allBots') : (botNames.get(s.botKey) ?? t('suggestions.unknownBot'));
  const filtering = search.trim() !== '' || category !== '' || bot !== 'all';
  const clearFilters = () => {
    setSearch('');
    setCategory('');
    setBot('all');
  };
  const botFilterOptions = [
    { value: 'all', label: t('suggestions.filterAllBots') },
    { value: 'shared', label: t('suggestions.filterShared') },
    ...botList.map((b) => ({ value: b.id, label: b.name })),
  ];
  // A ?botId= of a bot not in the list (deleted, mistyped) still shows as selected, not blank.
  if (bot !== 'all' && bot !== 'shared' && !botNames.has(bot) && !bots.isPending)
    botFilterOptions.push({ value: bot, label: t('suggestions.unknownBot') });

  return (
    <Stack gap="md" maw={1000}>
      <PageHeader
        title={t('suggestions.title')}
        description={t('suggestions.description', wording)}
        actions={
          canManage ? (
            <Button onClick={() => setEditing({})} data-testid="create-suggestion">
              {t('suggestions.add')}
            </Button>
          ) : undefined
        }
      />
      <BotsTabs />
      {!canManage && (
        <Text size="sm" c="dimmed">
          {t('suggestions.adminsOnly')}
        </Text>
      )}
      <Group gap="sm" wrap="wrap" align="flex-end" role="search">
        <TextInput
          label={t('suggestions.search')}
          placeholder={t('suggestions.searchPlaceholder')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          rightSection={
            search !== '' ? (
              <CloseButton
                size="sm"
                aria-label={t('suggestions.clearSearch')}
                onClick={() => setSearch('')}
              />
            ) : undefined
          }
          style={{ flex: '2 1 220px' }}
          data-testid="suggestions-search"
        />
        <Select
          label={t('suggestions.category')}
          data={[{ value: ANY_CATEGORY, label: t('suggestions.allCategories') }, ...categories]}
          value={category === '' ? ANY_CATEGORY : category}
          onChange={(value) => setCategory(value === null || value === ANY_CATEGORY ? '' : value)}
          allowDeselect={false}
          searchable
          nothingFoundMessage={t('suggestions.noCategory')}
          style={{ flex: '1 1 160px' }}
          data-testid="suggestions-category-filter"
        />
        <Select
          label={t('suggestions.bot')}
          data={botFilterOptions}
          value={bot}
          onChange={(value) => setBot(value ?? 'all')}
          allowDeselect={false}
          style={{ flex: '1 1 160px' }}
          data-testid="suggestions-bot-filter"
        />
      </Group>
      {suggestions.isPending ? (
        <SectionLoader label={t('suggestions.loading')} />
      ) : suggestions.isError ? (
        <LoadFailed onRetry={() => void suggestions.refetch()} />
      ) : all.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="suggestions-empty">
          {t('suggestions.empty')}
        </Text>
      ) : shown.length === 0 ? (
        <Stack align="center" py="xl" gap="xs" data-testid="suggestions-no-match">
          <Text c="dimmed">{t('suggestions.noMatch')}</Text>
          <Button variant="light" onClick={clearFilters}>
            {t('suggestions.clearFilters')}
          </Button>
        </Stack>
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="suggestions-count">
            {filtering
              ? t('suggestions.countFiltered', { count: shown.length, total: all.length })
              : t('suggestions.count', { count: all.length })}
          </Text>
          <Stack
            gap="xs"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            data-testid="suggestions-list"
          >
            {shown.map((s) => (
              <li key={s.id}>
                <SuggestionRow
                  suggestion={s}
                  botName={nameOfBot(s)}
                  canManage={canManage}
                  onEdit={() => setEditing({ suggestion: s })}
                />
              </li>
            ))}
          </Stack>
        </>
      )}
      {editing !== null && (
        <SuggestionModal
          suggestion={editing.suggestion}
          defaultBotId={bot === 'all' || bot === 'shared' ? '' : bot}
          bots={botList}
          categories={categories}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
