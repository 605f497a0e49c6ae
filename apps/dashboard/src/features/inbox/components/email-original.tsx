// "View original" under a message that arrived by e-mail: the link, and the original in a dialog.
// The view is loaded when first opened: most conversations never show it (issue 39, /conversations
// on the wire).

import { Anchor, Loader, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

const OriginalView = lazy(() => import('./email-original-view').then((m) => ({ default: m.OriginalView })));

/** The link under an e-mail message, and the original in a dialog (full screen on a phone). */
export function EmailOriginalLink({ groupId, messageId }: { groupId: number; messageId: number }) {
  const { t } = useTranslation('inbox');
  const [open, setOpen] = useState(false);
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <>
      <Anchor component="button" type="button" size="xs" onClick={() => setOpen(true)}>
        {t('message.original.view')}
      </Anchor>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('message.original.title')}
        size="lg"
        fullScreen={phone}
      >
        {open && (
          <Suspense fallback={<Loader size="sm" />}>
            <OriginalView groupId={groupId} messageId={messageId} />
          </Suspense>
        )}
      </Modal>
    </>
  );
}
