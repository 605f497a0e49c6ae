// Unsaved changes: leaving the page (another route, reload, closing the tab) asks first
// ('changesNotSaved'), and so does switching to another intent, section or language inside the
// builder ('switchingIntents').

import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

const NS = 'botBuilder';

/** Blocks navigation away while `dirty`; renders the question when a navigation was blocked. */
export function UnsavedChangesPrompt({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation(NS);
  // Query changes (the bot id, the language) are the builder's own: only a new path is "leaving".
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  useEffect(() => {
    // Saved or discarded meanwhile: nothing to ask any more.
    if (blocker.state === 'blocked' && !dirty) blocker.proceed();
  }, [blocker, dirty]);

  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={t('unsaved.title')}
      closeButtonProps={{ 'aria-label': t('close') }}
      centered
    >
      <Stack>
        <Text size="sm">{t('unsaved.changesNotSaved')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            {t('unsaved.stay')}
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            {t('unsaved.leave')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Runs `action` at once when nothing is unsaved, else after the admin agrees to drop the changes. */
export function useGuardedSwitch(dirty: boolean): (action: () => void) => void {
  const { t } = useTranslation(NS);
  return useCallback(
    (action: () => void) => {
      if (!dirty) {
        action();
        return;
      }
      modals.openConfirmModal({
        title: t('unsaved.title'),
        children: <Text size="sm">{t('unsaved.switchingIntents')}</Text>,
        labels: { confirm: t('unsaved.discard'), cancel: t('unsaved.stay') },
        confirmProps: { color: 'red' },
        onConfirm: action,
      });
    },
    [dirty, t],
  );
}
