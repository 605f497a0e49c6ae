import { Center, type CenterProps, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface LoaderProps {
  /** What assistive technology announces; default: the shell's "Loading…". */
  label?: string;
}

function LoadingStatus({ label, children, ...center }: LoaderProps & CenterProps & { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Center {...center} role="status" aria-label={label ?? t('common.loading')}>
      {children}
    </Center>
  );
}

/** Loading state of a screen (while its code or its data loads). */
export function PageLoader({ minHeight = '40vh', label }: LoaderProps & { minHeight?: string }) {
  return (
    <LoadingStatus label={label} mih={minHeight}>
      <Loader />
    </LoadingStatus>
  );
}

/**
 * Loading state of a part of a screen (a list, a panel, a form's data). `fill` centres it in a
 * container that has a height (a pane) instead of padding it.
 */
export function SectionLoader({ label, fill = false }: LoaderProps & { fill?: boolean }) {
  return (
    <LoadingStatus label={label} {...(fill ? { h: '100%' } : { py: 'xl' })}>
      <Loader size="sm" />
    </LoadingStatus>
  );
}
