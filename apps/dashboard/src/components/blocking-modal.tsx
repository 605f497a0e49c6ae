import { Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A modal that cannot be closed (no close button, no Escape, no click outside): the account may not
 * go on until the user takes one of its actions (buy a plan, get in touch, log out…).
 */
export function BlockingModal({
  title,
  width,
  children,
  actions,
}: {
  title: string;
  width: number;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <Modal
      opened
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      size={width}
      centered
      title={title}
    >
      <Stack>
        {children}
        <Group justify="flex-end" wrap="wrap">
          {actions}
        </Group>
      </Stack>
    </Modal>
  );
}
