import { Button, Center, Stack, Text } from '@mantine/core';

/** A state that replaces a pane: a title, a line of help and one way on, centred. */
export function CenteredNotice({
  testId,
  title,
  help,
  action,
  onAction,
}: {
  testId: string;
  title: string;
  help: string;
  action: string;
  onAction: () => void;
}) {
  return (
    <Center h="100%" p="md">
      <Stack align="center" gap="xs" data-testid={testId}>
        <Text fw={600}>{title}</Text>
        <Text size="sm" c="dimmed" ta="center">
          {help}
        </Text>
        <Button variant="light" size="xs" onClick={onAction}>
          {action}
        </Button>
      </Stack>
    </Center>
  );
}
