import type { ProductVariant } from '@convo/domain';

interface LoadingScreenProps {
  /** null before the run-time config is known. */
  variant: ProductVariant | null;
  label?: string;
}

/** Full-page boot animation, variant-specific (plain CSS: it shows before the UI kit is themed). */
export function LoadingScreen({ variant, label = 'Loading…' }: LoadingScreenProps) {
  const kind = variant ?? 'neutral';
  return (
    <div
      className={`convo-boot convo-boot--${kind}`}
      role="status"
      aria-live="polite"
      data-testid="boot-loader"
    >
      {kind === 'classic' && (
        <div className="convo-boot__bubble" aria-hidden="true">
          <span className="convo-boot__dot" />
          <span className="convo-boot__dot" />
          <span className="convo-boot__dot" />
        </div>
      )}
      {kind === 'agentic' && (
        <div className="convo-boot__orb" aria-hidden="true">
          <span className="convo-boot__ring" />
          <span className="convo-boot__core" />
        </div>
      )}
      {kind === 'neutral' && <div className="convo-boot__spinner" aria-hidden="true" />}
      <span className="convo-boot__label">{label}</span>
    </div>
  );
}
