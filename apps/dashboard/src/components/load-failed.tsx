import { Button, type MantineSpacing, Stack, Text } from '@mantine/core';

/** A screen's or a section's data did not load: the reason and a retry (every list and form has one). */
export function LoadFailed({
  message,
  retryLabel,
  onRetry,
  py = 'xl',
}: {
  message: string;
  retryLabel: string;
  onRetry: () => void;
  py?: MantineSpacing;
}) {
  return (
    <Stack align="center" py={py} gap="xs" role="alert">
      <Text>{message}</Text>
      <Button variant="light" onClick={onRetry}>
        {retryLabel}
      </Button>
    </Stack>
  );
}
