// /campaign-message: the application's campaigns, newest first, with their status and live
// progress (polled while one is scheduled or sending); cancel a running one, export its results.

import type { CampaignSummary } from '@convo/api';
import { campaignProgressPercent, pageCount } from '@convo/domain';
import { Badge, Button, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../app/routing/paths';
import { toast, toastError } from '../../app/toasts';
import { LoadFailed } from '../../components/load-failed';
import { PageHeader } from '../../components/page-header';
import { PageLoader, SectionLoader } from '../../components/page-loader';
import { CampaignPager } from './campaign-pager';
import {
  CAMPAIGN_LIST_LIMIT,
  campaignKeys,
  cancelCampaign,
  deleteCampaignDraft,
  downloadResults,
  fetchCampaigns,
} from './campaigns-api';
import { RecipientsDrawer } from './recipients-drawer';

const NS = 'campaigns';
const POLL_MS = 2000;

const STATUS_COLOUR: Record<CampaignSummary['status'], string> = {
  draft: 'gray',
  scheduled: 'blue',
  sending: 'yellow',
  done: 'teal',
  cancelled: 'gray',
};

const isLive = (c: CampaignSummary) => c.status === 'sending' || c.status === 'scheduled';

function CampaignProgress({ campaign }: { campaign: CampaignSummary }) {
  const { t } = useTranslation(NS);
  const percent = campaignProgressPercent(campaign);
  return (
    <Stack gap={4} miw={160}>
      <Progress
        value={percent}
        aria-label={t('progressLabel', { done: campaign.sent, total: campaign.total })}
        color={campaign.failed > 0 ? 'orange' : 'teal'}
      />
      <Text size="xs" data-testid="campaign-progress">
        {t('progressLabel', { done: campaign.sent, total: campaign.total })}
        {campaign.delivered > 0 ? ` · ${t('deliveredCount', { count: campaign.delivered })}` : ''}
        {campaign.read > 0 ? ` · ${t('readCount', { count: campaign.read })}` : ''}
        {campaign.failed > 0 ? ` · ${t('failedCount', { count: campaign.failed })}` : ''}
        {campaign.optedOut > 0 ? ` · ${t('optedOutCount', { count: campaign.optedOut })}` : ''}
      </Text>
      {campaign.progress.length > 1 &&
        campaign.progress.map((p) => (
          <Text key={p.platform} size="xs" c="dimmed">
            {t(`platform.${p.platform}`)}: {t('progressLabel', { done: p.sent, total: p.total })}
            {p.delivered > 0 ? ` · ${t('deliveredCount', { count: p.delivered })}` : ''}
            {p.read > 0 ? ` · ${t('readCount', { count: p.read })}` : ''}
            {p.failed > 0 ? ` · ${t('failedCount', { count: p.failed })}` : ''}
          </Text>
        ))}
    </Stack>
  );
}

export function CampaignsPage() {
  const { t, i18n, ready } = useTranslation(NS);
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const list = useQuery({
    queryKey: campaignKeys.list(page),
    queryFn: ({ signal }) => fetchCampaigns(page, signal),
    placeholderData: keepPreviousData,
    // Live progress: poll while a campaign on this page is still going.
    refetchInterval: (query) => (query.state.data?.campaigns.some(isLive) ? POLL_MS : false),
  });
  const cancel = useMutation({
    mutationFn: cancelCampaign,
    onSuccess: () => {
      toast.success(t('cancelled'));
      void queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    },
    onError: (e) => toastError(e),
  });
  const removeDraft = useMutation({
    mutationFn: deleteCampaignDraft,
    onSuccess: () => {
      toast.success(t('draftDeleted'));
      void queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    },
    onError: (e) => toastError(e),
  });
  const download = useMutation({ mutationFn: downloadResults, onError: (e) => toastError(e) });

  if (!ready) return <PageLoader />;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const campaigns = list.data?.campaigns ?? [];
  const pages = pageCount(list.data?.total ?? 0, CAMPAIGN_LIST_LIMIT);

  return (
    <Stack gap="md" p={{ base: 'xs', sm: 'md' }}>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button component={Link} to={PATHS.campaignPlatforms}>
            {t('new')}
          </Button>
        }
      />
      {list.isPending ? (
        <SectionLoader label={t('loading')} />
      ) : list.isError ? (
        <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void list.refetch()} />
      ) : campaigns.length === 0 ? (
        <Stack align="center" py="xl" gap="sm">
          <Text c="dimmed" ta="center" data-testid="campaigns-empty">
            {t('empty')}
          </Text>
          <Button component={Link} to={PATHS.campaignPlatforms} variant="light">
            {t('new')}
          </Button>
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={920}>
          <Table verticalSpacing="sm" data-testid="campaigns-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.name')}</Table.Th>
                <Table.Th miw={120}>{t('columns.status')}</Table.Th>
                <Table.Th>{t('columns.platforms')}</Table.Th>
                <Table.Th>{t('columns.progress')}</Table.Th>
                <Table.Th>{t('columns.created')}</Table.Th>
                <Table.Th>{t('columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {campaigns.map((c) => (
                <Table.Tr key={c.campaignId} data-testid="campaign-row">
                  <Table.Td>
                    <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {c.name || t('untitled')}
                    </Text>
                    {c.status === 'scheduled' && c.scheduledAt !== null && (
                      <Text size="xs" c="dimmed">
                        {t('scheduledFor', { when: when.format(c.scheduledAt) })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Badge color={STATUS_COLOUR[c.status]} variant="light" data-testid="campaign-status">
                      {t(`status.${c.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{c.platforms.map((p) => t(`platform.${p}`)).join(', ')}</Text>
                  </Table.Td>
                  <Table.Td>
                    <CampaignProgress campaign={c} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{when.format(c.createdAt)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      {c.status === 'draft' && (
                        <Button
                          size="xs"
                          component={Link}
                          to={`${PATHS.campaignPlatforms}?draft=${encodeURIComponent(c.campaignId)}`}
                          data-testid="campaign-open-draft"
                        >
                          {t('openDraft')}
                        </Button>
                      )}
                      {c.status === 'draft' && (
                        <Button
                          size="xs"
                          color="red"
                          variant="light"
                          data-testid="campaign-delete-draft"
                          loading={removeDraft.isPending && removeDraft.variables === c.campaignId}
                          onClick={() =>
                            modals.openConfirmModal({
                              title: t('deleteDraftTitle'),
                              children: (
                                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                                  {t('deleteDraftConfirm', { name: c.name || t('untitled') })}
                                </Text>
                              ),
                              labels: { confirm: t('deleteDraft'), cancel: t('keep') },
                              confirmProps: { color: 'red', 'data-testid': 'campaign-delete-draft-confirm' },
                              onConfirm: () => removeDraft.mutate(c.campaignId),
                            })
                          }
                        >
                          {t('deleteDraft')}
                        </Button>
                      )}
                      {isLive(c) && (
                        <Button
                          size="xs"
                          color="red"
                          variant="light"
                          loading={cancel.isPending && cancel.variables === c.campaignId}
                          onClick={() =>
                            modals.openConfirmModal({
                              title: t('cancel'),
                              children: <Text size="sm">{t('cancelConfirm')}</Text>,
                              labels: { confirm: t('cancel'), cancel: t('keep') },
                              confirmProps: { color: 'red' },
                              onConfirm: () => cancel.mutate(c.campaignId),
                            })
                          }
                        >
                          {t('cancel')}
                        </Button>
                      )}
                      <Button size="xs" variant="default" onClick={() => setOpen(c.campaignId)}>
                        {t('details')}
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        loading={download.isPending && download.variables === c.campaignId}
                        onClick={() => download.mutate(c.campaignId)}
                      >
                        {t('download')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <CampaignPager total={pages} value={page} onChange={setPage} />
      <RecipientsDrawer
        campaign={campaigns.find((c) => c.campaignId === open) ?? null}
        onClose={() => setOpen(null)}
      />
    </Stack>
  );
}
