// A campaign's recipients and their results (SPEC §7 campaign/users with campaignId), 20 a page,
// refreshed while the campaign is still sending.

import type { CampaignSummary } from '@convo/api';
import { Badge, Drawer, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../components/load-failed';
import { SectionLoader } from '../../components/page-loader';
import { CampaignPager } from './campaign-pager';
import { campaignKeys, fetchRecipients } from './campaigns-api';

const NS = 'campaigns';
const COLOUR = { queued: 'gray', sending: 'yellow', sent: 'teal', failed: 'red' } as const;

export function RecipientsDrawer({
  campaign,
  onClose,
}: {
  campaign: CampaignSummary | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(NS);
  const [page, setPage] = useState(1);
  const id = campaign?.campaignId ?? '';
  const live = campaign?.status === 'sending' || campaign?.status === 'scheduled';
  const recipients = useQuery({
    queryKey: campaignKeys.recipients(id, page),
    queryFn: ({ signal }) => fetchRecipients(id, page, signal),
    enabled: campaign !== null,
    placeholderData: keepPreviousData,
    refetchInterval: live ? 2000 : false,
  });
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const rows = recipients.data?.result ?? [];
  return (
    <Drawer
      opened={campaign !== null}
      onClose={() => {
        setPage(1);
        onClose();
      }}
      position="right"
      size="lg"
      title={t('detailsTitle', { name: campaign?.name || t('untitled') })}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {recipients.isPending ? (
        <SectionLoader label={t('recipientsLoading')} />
      ) : recipients.isError ? (
        <LoadFailed
          message={t('recipientsFailed')}
          retryLabel={t('retry')}
          onRetry={() => void recipients.refetch()}
          py="md"
        />
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t('noRecipientsYet')}</Text>
      ) : (
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing="xs" data-testid="campaign-recipients">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('compose.columns.name')}</Table.Th>
                  <Table.Th>{t('columns.platforms')}</Table.Th>
                  <Table.Th>{t('columns.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.userId}>
                    <Table.Td>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {r.displayName || r.userId}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{r.platform ? t(`platform.${r.platform}`) : '—'}</Text>
                    </Table.Td>
                    <Table.Td>
                      {r.status && (
                        <Badge color={COLOUR[r.status]} variant="light">
                          {t(`recipientStatus.${r.status}`)}
                        </Badge>
                      )}
                      {r.receipt ? (
                        <Badge color="teal" variant="outline" ml={4}>
                          {t(`recipientReceipt.${r.receipt}`)}
                        </Badge>
                      ) : null}
                      {r.sentAt ? (
                        <Text size="xs" c="dimmed">
                          {when.format(r.sentAt)}
                        </Text>
                      ) : null}
                      {r.error ? (
                        <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
                          {r.error}
                        </Text>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <CampaignPager total={recipients.data?.pageNumber ?? 1} value={page} onChange={setPage} />
        </Stack>
      )}
    </Drawer>
  );
}
