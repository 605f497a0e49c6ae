// The training badge of the builder: one state per language from GET training.

import type { trainingStateSchema } from '@convo/api';
import type { z } from 'zod';

export type TrainingState = z.infer<typeof trainingStateSchema>;
export type TrainingBadge = 'trained' | 'training' | 'stale' | 'failed' | 'untrained';

export function trainingBadge(states: readonly TrainingState[], language: string): TrainingBadge {
  const state = states.find((s) => s.language === language);
  if (state === undefined) return 'untrained';
  if (state.status === 'training') return 'training';
  if (state.status === 'failed') return 'failed';
  if (state.stale) return 'stale';
  return state.status === 'ready' ? 'trained' : 'untrained';
}

/** Poll while a training is queued or running: changes saved a moment ago are being learnt. */
export function trainingInProgress(states: readonly TrainingState[]): boolean {
  return states.some((s) => s.status === 'training' || (s.stale && s.status !== 'failed'));
}

export const TRAINING_BADGE_COLOURS: Readonly<Record<TrainingBadge, string>> = {
  trained: 'green',
  training: 'blue',
  stale: 'yellow',
  failed: 'red',
  untrained: 'gray',
};
