// What only an open conversation needs (the pane: header, messages, composer; the side panel),
// loaded when the agent first points at the list or opens one, not with the list (issue 39 item
// 2). The inbox page renders these through lazy-conversation.tsx.

import { Drawer } from '@mantine/core';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { ComposerHandle } from './composer';
import { ConversationPane } from './conversation-pane';

import { SidePanel } from './side-panel';

export { SidePanel };

export interface OpenConversationProps {
  groupId: number;
  onBack: () => void;
  headerExtra?: ReactNode;
  /** The composer's handle, for the page's keyboard shortcuts (a prop: `ref` does not cross lazy()). */
  composerRef: RefObject<ComposerHandle | null>;
}

export function OpenConversation({ composerRef, ...props }: OpenConversationProps) {
  return <ConversationPane ref={composerRef} {...props} />;
}

/** The side panel in a drawer, below 1440 px (the page has no room for a third column). */
export function DetailsDrawer({
  groupId,
  opened,
  onClose,
}: {
  groupId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('inbox');
  return (
    <Drawer opened={opened} onClose={onClose} position="right" title={t('side.details')} size="sm">
      <SidePanel groupId={groupId} />
    </Drawer>
  );
}
