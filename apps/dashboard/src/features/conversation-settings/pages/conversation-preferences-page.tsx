// Settings → Conversation preferences: the defaults agents work with — the inbox's sort, resolved
// conversations in "all", and a tag required before resolving (the server refuses otherwise).

import type { ConversationSort } from '@convo/api';
import { Button, Group, Select, Stack, Switch } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/toasts';
import { PageHeader } from '../../../components/page-header';
import { useConversationSettings, useSaveConversationSettings } from '../api/conversation-settings-api';
import { SettingsLoadState } from '../components/settings-load-state';

const SORTS: readonly ConversationSort[] = ['newest', 'oldest', 'waiting'];
const isSort = (v: string | null): v is ConversationSort => SORTS.some((s) => s === v);

export function ConversationPreferencesPage() {
  const { t } = useTranslation('conversationSettings');
  const settings = useConversationSettings();
  const save = useSaveConversationSettings();
  const [sort, setSort] = useState<ConversationSort>('newest');
  const [showResolved, setShowResolved] = useState(false);
  const [requireTag, setRequireTag] = useState(false);
  useEffect(() => {
    if (!settings.data) return;
    setSort(settings.data.defaultSort);
    setShowResolved(settings.data.showResolvedInAll);
    setRequireTag(settings.data.requireTagToResolve);
  }, [settings.data]);

  if (!settings.isSuccess) return <SettingsLoadState query={settings} />;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          { defaultSort: sort, showResolvedInAll: showResolved, requireTagToResolve: requireTag },
          { onSuccess: () => toast.success(t('saved')) },
        );
      }}
    >
      <Stack gap="md" maw={640}>
        <PageHeader title={t('preferences.title')} description={t('preferences.help')} />
        <Select
          label={t('preferences.sort')}
          data={SORTS.map((s) => ({ value: s, label: t(`preferences.sorts.${s}`) }))}
          value={sort}
          onChange={(v) => isSort(v) && setSort(v)}
          allowDeselect={false}
          w={{ base: '100%', xs: 280 }}
          data-testid="preferences-sort"
        />
        <Switch
          checked={showResolved}
          onChange={(e) => setShowResolved(e.currentTarget.checked)}
          label={t('preferences.showResolved')}
          description={t('preferences.showResolvedHelp')}
        />
        <Switch
          checked={requireTag}
          onChange={(e) => setRequireTag(e.currentTarget.checked)}
          label={t('preferences.requireTag')}
          description={t('preferences.requireTagHelp')}
          data-testid="preferences-require-tag"
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
