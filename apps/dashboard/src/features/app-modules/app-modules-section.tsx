import type { AppModule } from '@convo/api';
import { APP_MODULE_DISPLAY_NAME_MAX, APP_MODULE_NAME_MAX, appModuleNameProblem } from '@convo/domain';
import {
  Button,
  Code,
  Group,
  Paper,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast, toastError } from '../../app/toasts';
import { FormModal } from '../../components/form-modal';
import { LoadFailed } from '../../components/load-failed';
import { PageLoader } from '../../components/page-loader';
import { fetchTeams, teamKeys } from '../team/api/team-api';
import {
  appModuleKeys,
  createAppModule,
  deleteAppModule,
  editAppModule,
  fetchAppModules,
} from './app-modules-api';

const NS = 'widgetSettings';

type Editing = { kind: 'create' } | { kind: 'edit'; module: AppModule } | null;

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: appModuleKeys.list });
}

function ModuleModal({ editing, onClose }: { editing: Exclude<Editing, null>; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const invalidate = useInvalidate();
  const teams = useQuery({ queryKey: teamKeys.teams, queryFn: fetchTeams });
  const current = editing.kind === 'edit' ? editing.module : null;
  const form = useForm({
    initialValues: {
      name: current?.name ?? '',
      displayName: current?.displayName ?? '',
      teamId: current?.teamId ?? '',
    },
    // The server checks the same rule; checking here only saves a round trip.
    validate: { name: (v) => (current ? null : appModuleNameProblem(v.trim()) && t('appModules.nameRule')) },
  });
  const save = useMutation({
    mutationFn: (v: typeof form.values) => {
      const common = { displayName: v.displayName.trim(), teamId: v.teamId === '' ? null : v.teamId };
      return current
        ? editAppModule({ name: current.name, ...common })
        : createAppModule({ name: v.name.trim(), ...common });
    },
    onSuccess: (saved) => {
      toast.success(t(current ? 'appModules.saved' : 'appModules.created', { name: saved.name }));
      invalidate();
      onClose();
    },
    onError: (error) => toastError(error),
  });
  const teamOptions = [
    { value: '', label: t('appModules.noTeam') },
    ...(teams.data ?? []).map((team) => ({ value: team.teamId, label: team.teamName })),
  ];
  return (
    <FormModal
      opened
      title={current ? t('appModules.editTitle', { name: current.name }) : t('appModules.createTitle')}
      onClose={onClose}
      onSubmit={form.onSubmit((v) => save.mutate(v))}
      submitLabel={t('common.save')}
      busy={save.isPending}
      noValidate
    >
      <TextInput
        label={t('appModules.name')}
        description={t('appModules.nameHint')}
        required
        disabled={current !== null}
        maxLength={APP_MODULE_NAME_MAX}
        data-autofocus={current ? undefined : true}
        {...form.getInputProps('name')}
      />
      <TextInput
        label={t('appModules.displayName')}
        maxLength={APP_MODULE_DISPLAY_NAME_MAX}
        data-autofocus={current ? true : undefined}
        {...form.getInputProps('displayName')}
      />
      <Select
        label={t('appModules.team')}
        description={t('appModules.teamHint')}
        data={teamOptions}
        allowDeselect={false}
        disabled={teams.isPending}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('teamId')}
      />
    </FormModal>
  );
}

function ModuleRow({ module, onEdit }: { module: AppModule; onEdit: () => void }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const invalidate = useInvalidate();
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => editAppModule({ name: module.name, enabled }),
    onSuccess: (saved) => {
      toast.success(t(saved.enabled ? 'appModules.nowOn' : 'appModules.nowOff', { name: saved.name }));
      invalidate();
    },
    onError: (error) => toastError(error),
  });
  const remove = useMutation({
    mutationFn: () => deleteAppModule(module.name),
    onSuccess: () => {
      toast.success(t('appModules.deleted', { name: module.name }));
      invalidate();
    },
    onError: (error) => toastError(error),
  });
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('appModules.deleteTitle', { name: module.name }),
      children: <Text size="sm">{t('appModules.deleteBody', { count: module.userCount })}</Text>,
      labels: { confirm: t('appModules.delete'), cancel: tc('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-delete-app-module' } as Record<string, string>,
      onConfirm: () => remove.mutate(),
    });
  return (
    <Table.Tr data-testid={`app-module-${module.name}`}>
      <Table.Td>
        <Stack gap={0}>
          <Code>{module.name}</Code>
          {module.displayName !== module.name && (
            <Text size="sm" c="dimmed">
              {module.displayName}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>{module.teamName ?? <Text c="dimmed">{t('appModules.noTeam')}</Text>}</Table.Td>
      <Table.Td>{module.userCount}</Table.Td>
      <Table.Td>
        <Switch
          checked={module.enabled}
          disabled={toggle.isPending}
          onChange={(e) => toggle.mutate(e.currentTarget.checked)}
          aria-label={t('appModules.enabledFor', { name: module.name })}
        />
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap" justify="flex-end">
          <Button size="xs" variant="default" onClick={onEdit}>
            {t('appModules.edit')}
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={confirmDelete} loading={remove.isPending}>
            {t('appModules.delete')}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * App modules on the mobile install page: one per client app built with our SDK shapes, named by
 * the `appModuleName` it registers with (docs/decisions.md, "App modules").
 */
export function AppModulesSection() {
  const { t } = useTranslation(NS);
  const modules = useQuery({
    queryKey: appModuleKeys.list,
    queryFn: ({ signal }) => fetchAppModules(signal),
  });
  const [editing, setEditing] = useState<Editing>(null);
  const list = modules.data ?? [];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="app-modules-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2} style={{ flex: 1, minWidth: 220 }}>
            <Title order={2} size="h4" id="app-modules-title">
              {t('appModules.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('appModules.description')}
            </Text>
          </Stack>
          <Button onClick={() => setEditing({ kind: 'create' })}>{t('appModules.create')}</Button>
        </Group>
        {modules.isPending ? (
          <PageLoader minHeight="80px" />
        ) : modules.isError ? (
          <LoadFailed
            message={t('appModules.loadFailed')}
            retryLabel={t('common.retry')}
            onRetry={() => void modules.refetch()}
            py="sm"
          />
        ) : list.length === 0 ? (
          <Text c="dimmed" data-testid="app-modules-empty">
            {t('appModules.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('appModules.name')}</Table.Th>
                  <Table.Th>{t('appModules.team')}</Table.Th>
                  <Table.Th>{t('appModules.users')}</Table.Th>
                  <Table.Th>{t('appModules.enabled')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('appModules.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((m) => (
                  <ModuleRow key={m.name} module={m} onEdit={() => setEditing({ kind: 'edit', module: m })} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      {editing && <ModuleModal editing={editing} onClose={() => setEditing(null)} />}
    </Paper>
  );
}
