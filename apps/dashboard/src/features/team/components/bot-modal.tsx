import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/toasts';
import { createBot, teamKeys } from '../api/team-api';
import { teamErrorText, toastTeamError } from '../lib/team-errors';
import { NS } from './shared';

const USER_NAME = /^[a-z0-9][a-z0-9._-]{1,63}$/;

/** Adds a bot member (no password, no sign-in). */
export function BotModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { name: '', userName: '' },
    validate: {
      name: (v) => (v.trim() === '' ? tc('validation.required') : null),
      userName: (v) => (USER_NAME.test(v.trim().toLowerCase()) ? null : t('bot.userNameHint')),
    },
  });
  const create = useMutation({
    mutationFn: createBot,
    onSuccess: (bot) => {
      toast.success(t('bot.created', { name: bot.name }));
      void queryClient.invalidateQueries({ queryKey: teamKeys.members });
      form.reset();
      onClose();
    },
    onError: (error) => {
      const text = teamErrorText(error);
      if (text !== null) form.setFieldError('userName', text);
      toastTeamError(error);
    },
  });
  return (
    <Modal opened={opened} onClose={onClose} title={t('bot.title')}>
      <form
        noValidate
        onSubmit={form.onSubmit((v) =>
          create.mutate({ name: v.name.trim(), userName: v.userName.trim().toLowerCase() }),
        )}
      >
        <Stack>
          <TextInput label={t('bot.name')} required data-autofocus {...form.getInputProps('name')} />
          <TextInput
            label={t('bot.userName')}
            description={t('bot.userNameHint')}
            required
            {...form.getInputProps('userName')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('bot.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
