import type { ProductVariant } from '@convo/domain';
import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface LogoProps {
  variant: ProductVariant;
  size?: number;
  withName?: boolean;
  /** On the brand gradient: a white tile with a brand-coloured bubble, and a white name. */
  onBrand?: boolean;
}

/** The product mark: a speech bubble, with a spark in the agentic variant. */
export function Logo({ variant, size = 32, withName = true, onBrand = false }: LogoProps) {
  const { t } = useTranslation();
  const tile = onBrand ? '#ffffff' : 'var(--convo-primary)';
  const bubble = onBrand ? 'var(--convo-primary)' : '#ffffff';
  return (
    <Group gap={8} wrap="nowrap">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="9" fill={tile} />
        <path
          d="M9 10.5h14a2.5 2.5 0 0 1 2.5 2.5v6.5A2.5 2.5 0 0 1 23 22h-7.5L11 25.5V22H9a2.5 2.5 0 0 1-2.5-2.5V13A2.5 2.5 0 0 1 9 10.5z"
          fill={bubble}
        />
        {variant === 'agentic' ? (
          <path d="M16 12.5l1.2 2.8 2.8 1.2-2.8 1.2-1.2 2.8-1.2-2.8-2.8-1.2 2.8-1.2z" fill={tile} />
        ) : (
          <g fill={tile}>
            <circle cx="12.5" cy="16.3" r="1.4" />
            <circle cx="16" cy="16.3" r="1.4" />
            <circle cx="19.5" cy="16.3" r="1.4" />
          </g>
        )}
      </svg>
      {withName && (
        <Text fw={700} size="lg" c={onBrand ? 'white' : undefined} component="span">
          {t('app.name', { context: variant })}
        </Text>
      )}
    </Group>
  );
}
