import { z } from 'zod';

// Query-string helpers shared by every endpoint.

/** `true`/`false`/`1`/`0` as sent in query strings (z.coerce.boolean would read "false" as true). */
export const queryBooleanSchema = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: 'must be true or false' })
  .transform((v) => v === true || v === 'true' || v === '1');
