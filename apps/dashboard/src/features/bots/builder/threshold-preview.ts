import type { ThresholdPreview as ApiThresholdPreview } from '@convo/api';

// Reads the threshold preview's answer: how many recent customer messages would be answered and
// how many would fall back at a threshold, and how many outcomes change.

export interface ThresholdPreview {
  total: number;
  answered: number;
  fallback: number;
  /** Answers whose outcome differs from the saved threshold's. */
  changed: number;
}

/** The server's preview (`BOT_PATHS.thresholdPreview`) in the builder's words. */
export function thresholdPreviewFrom(data: ApiThresholdPreview): ThresholdPreview {
  return { total: data.total, answered: data.answered, fallback: data.fallBack, changed: data.changed };
}

/** The share of messages that would fall back, in whole percent (0 when there are none). */
export function fallbackPercent(preview: ThresholdPreview): number {
  return preview.total === 0 ? 0 : Math.round((preview.fallback / preview.total) * 100);
}
