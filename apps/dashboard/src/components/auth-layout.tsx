import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useConfig } from '../app/config/config-store';
import { LanguageSelect } from './language-select';
import { Logo } from './logo';
import { RegionLabel } from './region-label';

interface AuthLayoutProps {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  width?: number;
}

/** Public account pages (login, signup, password, e-mail validation): a card on the brand gradient. */
export function AuthLayout({ title, subtitle, children, width = 440 }: AuthLayoutProps) {
  const { variant } = useConfig();
  return (
    <main className="convo-auth-background">
      <Stack w="100%" maw={width} gap="md">
        <Group justify="space-between" align="flex-end" wrap="nowrap">
          <Logo variant={variant} onBrand />
        </Group>
        <Paper radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="xl" withBorder>
          <Stack gap="lg">
            <Stack gap={4}>
              <Title order={1} fz="h2">
                {title}
              </Title>
              {subtitle !== undefined && (
                <Text c="dimmed" size="sm">
                  {subtitle}
                </Text>
              )}
            </Stack>
            {children}
          </Stack>
        </Paper>
        <Group justify="flex-end" gap="sm">
          <RegionLabel c="white" fw={500} />
          <Paper radius="md" px="sm" py={6} withBorder>
            <LanguageSelect />
          </Paper>
        </Group>
      </Stack>
    </main>
  );
}
