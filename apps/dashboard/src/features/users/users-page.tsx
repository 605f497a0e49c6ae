import type { Customer } from '@convo/api';
import {
  customerDisplayName,
  DASHBOARD_PAGE_SIZE,
  isAllowed,
  pageCount,
  USER_STATUS,
  visiblePages,
} from '@convo/domain';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequiredSession } from '../../app/session/use-required-session';
import { toast, toastError } from '../../app/toasts';
import { LoadFailed } from '../../components/load-failed';
import { PageHeader } from '../../components/page-header';
import { PageLoader, SectionLoader } from '../../components/page-loader';
import { ImportModal } from './import-modal';
import { UserDrawer } from './user-drawer';
import { deleteUsers, downloadExport, fetchUsers, type UsersQuery, usersKeys } from './users-api';

const NS = 'users';

function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (p: number) => void }) {
  const { t } = useTranslation(NS);
  if (pages <= 1) return null;
  return (
    <Group gap={4} justify="center" component="nav" aria-label={t('pager.label')}>
      <Button size="xs" variant="default" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </Button>
      {visiblePages(page, pages).map((p) => (
        <Button
          key={p}
          size="xs"
          variant={p === page ? 'filled' : 'default'}
          aria-current={p === page ? 'page' : undefined}
          aria-label={t('pager.page', { page: p })}
          onClick={() => onPage(p)}
        >
          {p}
        </Button>
      ))}
      <Button size="xs" variant="default" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </Button>
    </Group>
  );
}

/** /users: the company's customers, searched, filtered and paged; import, export, bulk delete. */
export function UsersPage() {
  const { t, i18n, ready } = useTranslation(NS);
  const session = useRequiredSession();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<UsersQuery['status']>('all');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);
  const [importing, setImporting] = useState(false);
  const [open, setOpen] = useState<Customer | null>(null);
  const query: UsersQuery = { search: debounced, status, page };
  const users = useQuery({
    queryKey: usersKeys.list(query),
    queryFn: ({ signal }) => fetchUsers(query, DASHBOARD_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });
  const canDelete = isAllowed(
    'users.delete-option',
    session.roleType,
    session.appSettings.companySetting,
    session.product,
  );
  const remove = useMutation({
    mutationFn: deleteUsers,
    onSuccess: (r) => {
      toast.success(t('deleted', { count: r.deleted }));
      setSelected([]);
      void queryClient.invalidateQueries({ queryKey: usersKeys.all });
    },
    onError: (e) => toastError(e),
  });
  const exporting = useMutation({ mutationFn: downloadExport, onError: (e) => toastError(e) });

  if (!ready) return <PageLoader />;
  const list = users.data?.users ?? [];
  const pages = pageCount(users.data?.total ?? 0);
  const allOnPage = list.length > 0 && list.every((u) => selected.includes(u.userId));
  const reset = () => {
    setPage(1);
    setSelected([]);
  };

  return (
    <Stack gap="md" p={{ base: 'xs', sm: 'md' }}>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <>
            <Button variant="default" loading={exporting.isPending} onClick={() => exporting.mutate()}>
              {t('export')}
            </Button>
            <Button onClick={() => setImporting(true)}>{t('import.open')}</Button>
          </>
        }
      />
      <Group wrap="wrap" gap="sm">
        <TextInput
          aria-label={t('search')}
          placeholder={t('search')}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            reset();
          }}
          w={{ base: '100%', sm: 300 }}
        />
        <SegmentedControl
          aria-label={t('filter.label')}
          value={status}
          onChange={(v) => {
            setStatus(v as UsersQuery['status']);
            reset();
          }}
          data={[
            { value: 'all', label: t('filter.all') },
            { value: 'online', label: t('filter.online') },
            { value: 'away', label: t('filter.away') },
          ]}
        />
        {canDelete && selected.length > 0 && (
          <Button
            color="red"
            variant="light"
            onClick={() =>
              modals.openConfirmModal({
                title: t('deleteSelected', { count: selected.length }),
                children: <Text size="sm">{t('confirmDelete', { count: selected.length })}</Text>,
                labels: { confirm: t('delete'), cancel: t('detail.cancel') },
                confirmProps: { color: 'red' },
                onConfirm: () => remove.mutate(selected),
              })
            }
          >
            {t('deleteSelected', { count: selected.length })}
          </Button>
        )}
      </Group>
      {users.isPending ? (
        <SectionLoader label={t('loading')} />
      ) : users.isError ? (
        <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void users.refetch()} />
      ) : list.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {debounced !== '' || status !== 'all' ? t('noMatch') : t('empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table highlightOnHover verticalSpacing="sm" data-testid="users-table">
            <Table.Thead>
              <Table.Tr>
                {canDelete && (
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label={t('selectPage')}
                      checked={allOnPage}
                      onChange={(e) =>
                        setSelected(
                          e.currentTarget.checked
                            ? [...new Set([...selected, ...list.map((u) => u.userId)])]
                            : selected.filter((id) => !list.some((u) => u.userId === id)),
                        )
                      }
                    />
                  </Table.Th>
                )}
                <Table.Th>{t('columns.name')}</Table.Th>
                <Table.Th>{t('columns.email')}</Table.Th>
                <Table.Th>{t('columns.phone')}</Table.Th>
                <Table.Th>{t('columns.status')}</Table.Th>
                <Table.Th>{t('columns.created')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((u) => (
                <Table.Tr key={u.userId} data-testid={`user-${u.userId}`}>
                  {canDelete && (
                    <Table.Td>
                      <Checkbox
                        aria-label={t('select', { name: customerDisplayName(u) })}
                        checked={selected.includes(u.userId)}
                        onChange={(e) =>
                          setSelected(
                            e.currentTarget.checked
                              ? [...selected, u.userId]
                              : selected.filter((id) => id !== u.userId),
                          )
                        }
                      />
                    </Table.Td>
                  )}
                  <Table.Td>
                    <Button variant="subtle" size="compact-sm" onClick={() => setOpen(u)} px={4}>
                      {customerDisplayName(u)}
                    </Button>
                    <Text size="xs" c="dimmed" px={4}>
                      {u.userId}
                    </Text>
                  </Table.Td>
                  <Table.Td>{u.email ?? '—'}</Table.Td>
                  <Table.Td>{u.phoneNumber ?? '—'}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={u.status === USER_STATUS.ONLINE ? 'green' : 'gray'}>
                      {u.status === USER_STATUS.ONLINE ? t('filter.online') : t('filter.away')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{new Date(u.createdAtTime).toLocaleDateString(i18n.language)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {users.data && (
        <Text size="sm" c="dimmed" ta="center">
          {t('total', { count: users.data.total })}
        </Text>
      )}
      <Pager page={page} pages={pages} onPage={(p) => setPage(p)} />
      <ImportModal opened={importing} onClose={() => setImporting(false)} />
      <UserDrawer user={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
