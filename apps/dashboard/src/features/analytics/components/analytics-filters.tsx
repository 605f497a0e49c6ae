import { Group, Switch } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LazySelect } from '../../../components/overlays/lazy-select';
import { PlainSegmentedControl } from '../../../components/plain-segmented-control';
import { fetchTeams } from '../../team/api/team-api';
import { knownTimeZones, RANGE_PRESETS, type RangePreset } from '../lib/range-presets';

export interface AnalyticsFilterState {
  preset: RangePreset;
  timeZone: string;
  granularity: 'day' | 'week';
  audience: 'all' | 'agents' | 'bots';
  teamId: string | null;
  channel: string | null;
  insideBusinessHours: boolean;
}

/** The dashboard's filters (SPEC §2): audience, range, grouping, team, channel, time zone, business hours. */
export function AnalyticsFilters({
  value,
  onChange,
  channels,
}: {
  value: AnalyticsFilterState;
  onChange: (next: AnalyticsFilterState) => void;
  channels: readonly string[];
}) {
  const { t } = useTranslation('analytics');
  const teams = useQuery({ queryKey: ['analytics', 'teams'], queryFn: fetchTeams, staleTime: 60_000 });
  const zones = useMemo(() => knownTimeZones(), []);
  const set = <K extends keyof AnalyticsFilterState>(key: K, v: AnalyticsFilterState[K]) =>
    onChange({ ...value, [key]: v });

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <PlainSegmentedControl
        aria-label={t('filters.audience')}
        value={value.audience}
        onChange={(v) => set('audience', v)}
        data={[
          { value: 'all', label: t('filters.allUsers') },
          { value: 'agents', label: t('filters.allAgents') },
          { value: 'bots', label: t('filters.allBots') },
        ]}
      />
      <LazySelect
        label={t('filters.range')}
        w={170}
        allowDeselect={false}
        value={value.preset}
        onChange={(v) => v && set('preset', v as RangePreset)}
        data={RANGE_PRESETS.map((p) => ({ value: p, label: t(`presets.${p}`) }))}
      />
      <LazySelect
        label={t('filters.granularity')}
        w={120}
        allowDeselect={false}
        value={value.granularity}
        onChange={(v) => v && set('granularity', v as 'day' | 'week')}
        data={[
          { value: 'day', label: t('filters.byDay') },
          { value: 'week', label: t('filters.byWeek') },
        ]}
      />
      <LazySelect
        label={t('filters.team')}
        w={170}
        clearable
        placeholder={t('filters.allTeams')}
        value={value.teamId}
        onChange={(v) => set('teamId', v)}
        data={(teams.data ?? []).map((team) => ({ value: team.teamId, label: team.teamName }))}
      />
      <LazySelect
        label={t('filters.channel')}
        w={150}
        clearable
        placeholder={t('filters.allChannels')}
        value={value.channel}
        onChange={(v) => set('channel', v)}
        data={[...channels]}
      />
      <LazySelect
        label={t('filters.timeZone')}
        w={210}
        searchable
        allowDeselect={false}
        value={value.timeZone}
        onChange={(v) => v && set('timeZone', v)}
        data={zones}
        limit={50}
      />
      <Switch
        label={t('filters.businessHours')}
        checked={value.insideBusinessHours}
        onChange={(e) => set('insideBusinessHours', e.currentTarget.checked)}
      />
    </Group>
  );
}
