// Settings → Notification preferences: the sound (SPEC §9 list), browser notifications (asks the
// browser's permission), and which events alert.

import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '@convo/api';
import { SOUNDS, type Sound } from '@convo/domain';
import { Button, Checkbox, Group, Select, Stack, Switch, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequiredSession } from '../../../app/session/use-required-session';
import { toast, toastError } from '../../../app/toasts';
import { PageHeader } from '../../../components/page-header';
import { playSound } from '../../../lib/notification-sound';
import {
  fetchNotificationPreferences,
  NOTIFICATION_PREFERENCES_KEY,
  saveNotificationPreferences,
} from '../api/notification-preferences-api';
import { SettingsLoadState } from '../components/settings-load-state';

const isSound = (v: string | null): v is Sound => v !== null && (SOUNDS as readonly string[]).includes(v);

export function NotificationPreferencesPage() {
  const { t } = useTranslation('conversationSettings');
  // The weekly digest goes to administrators only (the digest job's recipients).
  const { isAdmin } = useRequiredSession();
  const queryClient = useQueryClient();
  const stored = useQuery({
    queryKey: NOTIFICATION_PREFERENCES_KEY,
    queryFn: ({ signal }) => fetchNotificationPreferences(signal),
  });
  const [prefs, setPrefs] = useState<NotificationPreferences>(DEFAULT_NOTIFICATION_PREFERENCES);
  const [saving, setSaving] = useState(false);
  const [permission, setPermission] = useState(() =>
    typeof Notification === 'undefined' ? 'unsupported' : Notification.permission,
  );
  useEffect(() => {
    if (stored.data) setPrefs(stored.data);
  }, [stored.data]);

  const toggleBrowser = async (on: boolean) => {
    if (on && typeof Notification !== 'undefined' && Notification.permission !== 'granted') {
      const answer = await Notification.requestPermission();
      setPermission(answer);
      if (answer !== 'granted') {
        toast.warning(t('notifications.permissionRefused'));
        return;
      }
    }
    setPrefs((p) => ({ ...p, browserNotifications: on }));
  };

  const save = async () => {
    setSaving(true);
    try {
      const saved = await saveNotificationPreferences(prefs);
      queryClient.setQueryData(NOTIFICATION_PREFERENCES_KEY, saved);
      toast.success(t('saved'));
    } catch (error) {
      toastError(error);
    } finally {
      setSaving(false);
    }
  };

  if (!stored.isSuccess) return <SettingsLoadState query={stored} />;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Stack gap="md" maw={640}>
        <PageHeader title={t('notifications.title')} />
        <Group align="flex-end">
          <Select
            label={t('notifications.sound')}
            data={SOUNDS.map((s) => ({ value: s, label: t(`notifications.sounds.${s}`) }))}
            value={prefs.sound}
            onChange={(v) => isSound(v) && setPrefs({ ...prefs, sound: v })}
            allowDeselect={false}
            w={240}
          />
          <Button
            variant="default"
            onClick={() => void playSound(prefs.sound).catch(() => undefined)}
            disabled={prefs.sound === 'no_sound'}
          >
            {t('notifications.play')}
          </Button>
        </Group>
        <Switch
          checked={prefs.browserNotifications}
          onChange={(e) => void toggleBrowser(e.currentTarget.checked)}
          disabled={permission === 'unsupported'}
          label={t('notifications.browser')}
          description={
            permission === 'denied' ? t('notifications.permissionDenied') : t('notifications.browserHelp')
          }
        />
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            {t('notifications.alertOn')}
          </Text>
          {(['newConversation', 'customerMessage', 'assignedToMe'] as const).map((key) => (
            <Checkbox
              key={key}
              label={t(`notifications.events.${key}`)}
              checked={prefs.notifyOn[key]}
              onChange={(e) =>
                setPrefs({ ...prefs, notifyOn: { ...prefs.notifyOn, [key]: e.currentTarget.checked } })
              }
            />
          ))}
        </Stack>
        {isAdmin && (
          <Switch
            checked={prefs.notifyOn.weeklyDigest}
            onChange={(e) =>
              setPrefs({ ...prefs, notifyOn: { ...prefs.notifyOn, weeklyDigest: e.currentTarget.checked } })
            }
            label={t('notifications.weeklyDigest')}
            description={t('notifications.weeklyDigestHelp')}
          />
        )}
        <Group>
          <Button type="submit" loading={saving}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
