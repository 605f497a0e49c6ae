// A badge in plain elements, with Mantine's look at size xs (see plain-badge.module.css for why).

import type { CSSProperties, ReactNode } from 'react';
import classes from './plain-badge.module.css';

export interface PlainBadgeProps {
  /** A Mantine colour name (its theme variables), or none for the primary colour. */
  color?: string;
  variant?: 'light' | 'filled' | 'outline';
  circle?: boolean;
  /** Keeps the text's own case (Mantine's `tt="none"`). */
  keepCase?: boolean;
  children: ReactNode;
  'aria-label'?: string;
  'data-testid'?: string;
}

/** The colours of a variant, from Mantine's theme variables for `color`. */
function colours(color: string | undefined): CSSProperties {
  const c = color ? `--mantine-color-${color}` : '--mantine-primary-color';
  return {
    '--plain-badge-light': `var(${c}-light)`,
    '--plain-badge-light-color': `var(${c}-light-color)`,
    '--plain-badge-filled': `var(${c}-filled)`,
    '--plain-badge-outline': color ? `var(${c}-outline)` : `var(${c}-filled)`,
  } as CSSProperties;
}

export function PlainBadge({
  color,
  variant = 'filled',
  circle,
  keepCase,
  children,
  ...rest
}: PlainBadgeProps) {
  return (
    <span
      className={classes.badge}
      style={colours(color)}
      data-variant={variant}
      data-circle={circle || undefined}
      data-case={keepCase ? 'none' : undefined}
      {...rest}
    >
      {children}
    </span>
  );
}
