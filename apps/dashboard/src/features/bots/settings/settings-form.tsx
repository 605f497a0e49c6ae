import { Button, Group, Paper, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from './bot-settings-frame';

/**
 * A bot settings page's form: its fields, then the save bar, shown only to those who may manage
 * bots (the others see the fields read-only). `actions` are further buttons beside Save.
 */
export function SettingsForm({
  onSubmit,
  canManage,
  saving,
  saveDisabled = false,
  saveTestId,
  actions,
  children,
}: {
  onSubmit: (event: FormEvent) => void;
  canManage: boolean;
  saving: boolean;
  saveDisabled?: boolean;
  saveTestId?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation(NS);
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="form"
      onSubmit={onSubmit}
      noValidate
    >
      <Stack gap="md">
        {children}
        {canManage && (
          <Group gap="sm">
            <Button type="submit" loading={saving} disabled={saveDisabled} data-testid={saveTestId}>
              {t('save')}
            </Button>
            {actions}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
