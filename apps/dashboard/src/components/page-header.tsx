import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface PageHeaderProps {
  /** The page's name: its one h1. */
  title: ReactNode;
  /** A line under the title on what the page is for. */
  description?: ReactNode;
  /** The page's main buttons, on the right; they wrap under the title on narrow screens. */
  actions?: ReactNode;
}

/** The head of a screen or settings page: the title, what the page is for, and its main actions. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
      <Stack gap={4} style={{ flex: '1 1 280px', minWidth: 0 }}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {description !== undefined && <Text c="dimmed">{description}</Text>}
      </Stack>
      {actions ? (
        <Group gap="xs" wrap="wrap">
          {actions}
        </Group>
      ) : null}
    </Group>
  );
}
