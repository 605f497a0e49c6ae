import type { Profile } from '@convo/api';
import { MAX_IMAGE_UPLOAD_BYTES } from '@convo/domain';
import { Avatar, Button, FileButton, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthorizedFileUrl } from '../../app/api/authorized-file';
import { ChangePasswordModal } from '../../app/layout/change-password-modal';
import { updateSession } from '../../app/session/session-store';
import { toast } from '../../app/toasts';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { NS, PanelState } from '../team/components/shared';
import { teamErrorText, toastTeamError } from '../team/lib/team-errors';
import { EmailChangeModal } from './email-change-modal';
import { fetchProfile, profileKey, updateProfile, uploadProfileImage } from './profile-api';

const BROWSER = '';

function PictureCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const src = useAuthorizedFileUrl(profile.imageLink);
  const save = useMutation({
    mutationFn: async (file: File | null) => {
      if (file === null) return updateProfile({ imageKey: null });
      const uploaded = await uploadProfileImage(file);
      return updateProfile({ imageKey: uploaded.key });
    },
    onSuccess: (p) => {
      queryClient.setQueryData(profileKey, p);
      updateSession({ imageLink: p.imageLink });
      toast.success(t('profile.pictureSaved'));
    },
    onError: toastTeamError,
  });
  const pick = (file: File | null) => {
    if (file === null) return;
    if (file.size > MAX_IMAGE_UPLOAD_BYTES) {
      toast.error(t('profile.pictureTooLarge'));
      return;
    }
    save.mutate(file);
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Group wrap="wrap">
        <Avatar src={src} name={profile.name} color="initials" size={72} alt={t('profile.picture')} />
        <Stack gap={4}>
          <Text fw={500}>{t('profile.picture')}</Text>
          <Text size="xs" c="dimmed">
            {t('profile.pictureHint')}
          </Text>
          <Group gap="xs">
            <FileButton onChange={pick} accept="image/png,image/jpeg,image/gif,image/webp">
              {(props) => (
                <Button size="xs" variant="light" loading={save.isPending} {...props}>
                  {t('profile.upload')}
                </Button>
              )}
            </FileButton>
            {profile.imageLink !== null && (
              <Button size="xs" variant="subtle" color="red" onClick={() => save.mutate(null)}>
                {t('profile.removePicture')}
              </Button>
            )}
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

function DetailsForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const queryClient = useQueryClient();
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const zones = useMemo(
    () => [
      { value: BROWSER, label: t('profile.timeZoneBrowser', { zone: browserZone }) },
      ...Intl.supportedValuesOf('timeZone').map((z) => ({ value: z, label: z.replaceAll('_', ' ') })),
    ],
    [t, browserZone],
  );
  const form = useForm({
    initialValues: {
      name: profile.name,
      contactNumber: profile.contactNumber ?? '',
      timeZone: profile.timeZone ?? BROWSER,
    },
    validate: { name: (v) => (v.trim() === '' ? tc('validation.required') : null) },
  });
  const save = useMutation({
    mutationFn: (v: typeof form.values) =>
      updateProfile({
        name: v.name.trim(),
        contactNumber: v.contactNumber.trim() === '' ? null : v.contactNumber.trim(),
        timeZone: v.timeZone === BROWSER ? null : v.timeZone,
      }),
    onSuccess: (p) => {
      queryClient.setQueryData(profileKey, p);
      updateSession({ name: p.name });
      form.resetDirty({
        name: p.name,
        contactNumber: p.contactNumber ?? '',
        timeZone: p.timeZone ?? BROWSER,
      });
      toast.success(t('common.saved'));
    },
    onError: (error) => {
      const text = teamErrorText(error);
      if (text !== null) form.setFieldError('contactNumber', text);
      toastTeamError(error);
    },
  });
  return (
    <Paper withBorder p="md" radius="md">
      <form noValidate onSubmit={form.onSubmit((v) => save.mutate(v))}>
        <Stack>
          <TextInput label={t('profile.name')} required maxLength={120} {...form.getInputProps('name')} />
          <TextInput label={t('profile.email')} value={profile.email} readOnly disabled />
          <TextInput
            label={t('profile.phone')}
            description={t('profile.phoneHint')}
            type="tel"
            autoComplete="tel"
            {...form.getInputProps('contactNumber')}
          />
          <Select
            label={t('profile.timeZone')}
            data={zones}
            searchable
            allowDeselect={false}
            {...form.getInputProps('timeZone')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** /settings/profile: name, picture, phone, time zone and password. */
export function ProfilePage() {
  const { t, ready } = useTranslation(NS);
  const profile = useQuery({ queryKey: profileKey, queryFn: fetchProfile });
  const { t: tr, ready: routesReady } = useTranslation('routes');
  const [changingPassword, setChangingPassword] = useState(false);
  const [changingEmail, setChangingEmail] = useState(false);
  if (!ready || !routesReady) return <PageLoader />;
  return (
    <Stack gap="md" maw={720}>
      <PageHeader title={t('profile.title')} description={t('profile.description')} />
      {profile.data ? (
        <>
          <PictureCard profile={profile.data} />
          <DetailsForm profile={profile.data} />
          <Paper withBorder p="md" radius="md">
            <Group justify="space-between" wrap="wrap">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={500}>{tr('emailChange.label')}</Text>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {profile.data.email}
                </Text>
              </Stack>
              <Button variant="light" onClick={() => setChangingEmail(true)}>
                {tr('emailChange.open')}
              </Button>
            </Group>
          </Paper>
          <EmailChangeModal
            opened={changingEmail}
            onClose={() => setChangingEmail(false)}
            currentEmail={profile.data.email}
          />
          <Paper withBorder p="md" radius="md">
            <Group justify="space-between">
              <Text fw={500}>{t('profile.password')}</Text>
              <Button variant="light" onClick={() => setChangingPassword(true)}>
                {t('profile.changePassword')}
              </Button>
            </Group>
          </Paper>
          <ChangePasswordModal opened={changingPassword} onClose={() => setChangingPassword(false)} />
        </>
      ) : (
        <PanelState
          loading={profile.isPending}
          error={profile.isError}
          empty={false}
          emptyText=""
          onRetry={() => void profile.refetch()}
        />
      )}
    </Stack>
  );
}
