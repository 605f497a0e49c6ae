import { Button, Group, Modal, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface FormModalProps {
  opened: boolean;
  title: ReactNode;
  /** Closing by the ✕, Escape, the backdrop or Cancel. */
  onClose: () => void;
  /** The form's submit handler (a Mantine `form.onSubmit(…)`, or one that prevents the default). */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel: ReactNode;
  busy?: boolean;
  submitDisabled?: boolean;
  /** Leave validation to the form library rather than the browser. */
  noValidate?: boolean;
  children: ReactNode;
}

/** A dialog holding one form: its fields, then Cancel and the submit button. */
export function FormModal({
  opened,
  title,
  onClose,
  onSubmit,
  submitLabel,
  busy = false,
  submitDisabled = false,
  noValidate = false,
  children,
}: FormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
    >
      <form onSubmit={onSubmit} noValidate={noValidate}>
        <Stack>
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={submitDisabled}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
