// Unsaved changes: leaving the page (another route, reload, closing the tab) asks first
// ('changesNotSaved'), and so does switching to another intent, section or language inside the
// builder ('switchingIntents').

import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { Transition } from 'history';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlockableHistory } from '../../../app/routing/app-history';

const NS = 'botBuilder';

/** Blocks navigation away while `dirty`; renders the question when a navigation was blocked. */
export function UnsavedChangesPrompt({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation(NS);
  const history = useBlockableHistory();
  // The navigation waiting for an answer; `retry` lets it through.
  const [blocked, setBlocked] = useState<Transition | null>(null);

  useEffect(() => {
    if (!dirty || history === null) return;
    let unblock = () => {};
    const block = () => {
      unblock = history.block((tx) => {
        // Query changes (the bot id, the language) are the builder's own: only a new path is
        // "leaving". Let it through and block again.
        if (tx.location.pathname === history.location.pathname) {
          unblock();
          tx.retry();
          block();
          return;
        }
        setBlocked({
          ...tx,
          retry: () => {
            unblock();
            tx.retry();
          },
        });
      });
    };
    block();
    return () => unblock();
  }, [dirty, history]);

  const proceed = useCallback(() => {
    blocked?.retry();
    setBlocked(null);
  }, [blocked]);
  const stay = useCallback(() => setBlocked(null), []);

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
    if (blocked !== null && !dirty) proceed();
  }, [blocked, dirty, proceed]);

  return (
    <Modal
      opened={blocked !== null}
      onClose={stay}
      title={t('unsaved.title')}
      closeButtonProps={{ 'aria-label': t('close') }}
      centered
    >
      <Stack>
        <Text size="sm">{t('unsaved.changesNotSaved')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={stay} data-autofocus>
            {t('unsaved.stay')}
          </Button>
          <Button color="red" onClick={proceed}>
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
