import { PRIVILEGE_KEYS, type PrivilegeKey, ROLE_TYPES, ROUTE_PRIVILEGES } from '@convo/domain';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SETTINGS_SLUGS, type SettingsSlug } from '../../app/routing/settings-paths';
import { saveSession } from '../../app/session/session-store';
import { useRequiredSession } from '../../app/session/use-required-session';
import { toast } from '../../app/toasts';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { fetchMe } from '../auth/api/auth-api';
import { NS, PanelState, useRoleNames } from '../team/components/shared';
import { toastTeamError } from '../team/lib/team-errors';
import { effectiveMatrix, isCustomised, type Matrix, overridesOf, toggle } from './matrix';
import { fetchRolesPermissions, rolesPermissionsKey, saveRolesPermissions } from './roles-permissions-api';

const LOCK_KEY: PrivilegeKey = 'settings.roles-and-permissions';

/** The settings page a key guards, for a readable label beside the key. */
function settingsSlugOf(key: PrivilegeKey): SettingsSlug | null {
  for (const [path, k] of Object.entries(ROUTE_PRIVILEGES)) {
    const slug = path.startsWith('/settings/') ? path.slice('/settings/'.length) : null;
    if (k === key && slug !== null && (SETTINGS_SLUGS as readonly string[]).includes(slug))
      return slug as SettingsSlug;
  }
  return null;
}

/** /settings/roles-permissions: which roles may use each permission key (company overrides). */
export function RolesPermissionsPage() {
  const { t, ready } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const roleName = useRoleNames();
  const session = useRequiredSession();
  const product = session.product;
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: rolesPermissionsKey, queryFn: fetchRolesPermissions });
  const [matrix, setMatrix] = useState<Matrix | null>(null);
  const [hideBilling, setHideBilling] = useState(false);
  const [filter, setFilter] = useState('');

  const saved = useMemo(
    () => (query.data ? effectiveMatrix(product, query.data.rolesAndPermissions) : null),
    [query.data, product],
  );
  useEffect(() => {
    if (query.data && saved) {
      setMatrix(saved);
      setHideBilling(query.data.hideBillingFromNonAdmin);
    }
  }, [query.data, saved]);

  const save = useMutation({
    mutationFn: (m: Matrix) =>
      saveRolesPermissions({
        rolesAndPermissions: overridesOf(product, m),
        hideBillingFromNonAdmin: hideBilling,
      }),
    onSuccess: async (data) => {
      queryClient.setQueryData(rolesPermissionsKey, data);
      toast.success(t('common.saved'));
      // The navigation follows at once: the stored session carries the company setting.
      saveSession(await fetchMe());
    },
    onError: toastTeamError,
  });

  if (!ready) return <PageLoader />;
  const heading = <PageHeader title={t('roles.title')} description={t('roles.description')} />;
  if (query.isPending || query.isError || matrix === null || saved === null || !query.data) {
    return (
      <Stack>
        {heading}
        <PanelState
          loading={query.isPending || (query.isSuccess && matrix === null)}
          error={query.isError}
          empty={false}
          emptyText=""
          onRetry={() => void query.refetch()}
        />
      </Stack>
    );
  }

  const dirty =
    JSON.stringify(overridesOf(product, matrix)) !== JSON.stringify(overridesOf(product, saved)) ||
    hideBilling !== query.data.hideBillingFromNonAdmin;
  const needle = filter.trim().toLowerCase();
  const keys = PRIVILEGE_KEYS.filter((key) => {
    if (needle === '') return true;
    const slug = settingsSlugOf(key);
    return (
      key.includes(needle) ||
      (slug !== null && tc(`settingsNav.pages.${slug}`).toLowerCase().includes(needle))
    );
  });

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(matrix);
      }}
    >
      <Stack gap="md">
        {heading}
        <Paper withBorder p="md" radius="md">
          <Switch
            label={t('roles.hideBilling')}
            checked={hideBilling}
            onChange={(e) => setHideBilling(e.currentTarget.checked)}
          />
        </Paper>
        <Group justify="space-between" wrap="wrap">
          <TextInput
            aria-label={t('roles.filter')}
            placeholder={t('roles.filter')}
            value={filter}
            onChange={(e) => setFilter(e.currentTarget.value)}
            w={{ base: '100%', sm: 280 }}
          />
          <Button variant="subtle" onClick={() => setMatrix(effectiveMatrix(product, {}))}>
            {t('roles.resetAll')}
          </Button>
        </Group>
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover stickyHeader data-testid="permissions-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('roles.permission')}</Table.Th>
                {ROLE_TYPES.map((r) => (
                  <Table.Th key={r} ta="center">
                    {roleName(r)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.map((key) => {
                const slug = settingsSlugOf(key);
                const customised = isCustomised(product, matrix, key);
                return (
                  <Table.Tr key={key}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Stack gap={0}>
                          {slug !== null && <Text size="sm">{tc(`settingsNav.pages.${slug}`)}</Text>}
                          <Text size="xs" ff="monospace" c={slug === null ? undefined : 'dimmed'}>
                            {key}
                          </Text>
                        </Stack>
                        {customised && (
                          <Badge size="xs" variant="light">
                            {t('roles.customised')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    {ROLE_TYPES.map((r) => {
                      const locked = key === LOCK_KEY && r === '0';
                      const box = (
                        <Checkbox
                          aria-label={t('roles.allowedFor', { role: roleName(r), key })}
                          checked={matrix[key].includes(r)}
                          disabled={locked}
                          onChange={(e) => setMatrix(toggle(matrix, key, r, e.currentTarget.checked))}
                          styles={{ body: { justifyContent: 'center' } }}
                        />
                      );
                      return (
                        <Table.Td key={r} ta="center">
                          {locked ? (
                            <Tooltip label={t('roles.locked')}>
                              <span>{box}</span>
                            </Tooltip>
                          ) : (
                            box
                          )}
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end" pos="sticky" bottom={0} py="sm" bg="var(--mantine-color-body)">
          {dirty && (
            <Text size="sm" c="dimmed">
              {t('roles.unsaved')}
            </Text>
          )}
          <Button
            variant="default"
            disabled={!dirty}
            onClick={() => {
              setMatrix(saved);
              setHideBilling(query.data.hideBillingFromNonAdmin);
            }}
          >
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={!dirty} loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
