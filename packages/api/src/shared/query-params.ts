import * as z from 'zod/mini';

// Query-string helpers shared by every endpoint.

/** `true`/`false`/`1`/`0` as sent in query strings (z.coerce.boolean would read "false" as true). */
export const queryBooleanSchema = z.pipe(
  z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: 'must be true or false' }),
  z.transform((v) => v === true || v === 'true' || v === '1'),
);
