import { Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { SectionLoader } from '../../../components/page-loader';

/**
 * One section of the analytics screens: a titled card that shows a loader until its data came, a
 * sentence when there is nothing to show, else its content.
 */
export function AnalyticsCard({
  id,
  title,
  aside,
  loading,
  loadingLabel,
  empty,
  children,
}: {
  id: string;
  title: string;
  aside?: ReactNode;
  loading: boolean;
  loadingLabel: string;
  /** The sentence shown instead of the content, or null when there is content. */
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600} id={id}>
            {title}
          </Text>
          {aside}
        </Group>
        {loading ? (
          <SectionLoader label={loadingLabel} />
        ) : empty !== null ? (
          <Text c="dimmed">{empty}</Text>
        ) : (
          children
        )}
      </Stack>
    </Card>
  );
}
