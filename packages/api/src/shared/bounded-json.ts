import { z } from 'zod';

/**
 * The length of a value's JSON; a value nested too deeply to serialise (JSON.stringify overflows
 * the stack) counts as endless, so a bound refuses it instead of throwing inside the schema (a 500).
 */
export function jsonLength(value: unknown): number {
  try {
    return JSON.stringify(value).length;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** A JSON object of at most `max` characters once serialised. */
export const boundedJsonObject = (max: number, message = `must be at most ${max} characters of JSON`) =>
  z.record(z.string(), z.unknown()).refine((value) => jsonLength(value) <= max, { message });
