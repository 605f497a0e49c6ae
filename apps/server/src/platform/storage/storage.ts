import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import type { FileStorage, StorageConfig } from './file-storage.js';
import { createLocalStorage } from './local-storage.js';
import { createS3Storage } from './s3-storage.js';

export {
  assertStorageKey,
  type FileStorage,
  isValidStorageKey,
  type LocalStorageConfig,
  newStorageKey,
  type S3StorageConfig,
  type StorageConfig,
  type StoredObject,
} from './file-storage.js';

// Where uploaded bytes live: a local directory by default, an S3-compatible bucket when
// S3_BUCKET is set. Callers only ever see keys the server generated (`newStorageKey`).

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

const flag = z
  .string()
  .trim()
  .toLowerCase()
  .optional()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.enum(['true', 'false', '1', '0']).optional())
  .transform((v) => v === 'true' || v === '1');

const storageEnvSchema = z
  .object({
    DATA_DIR: z.string().trim().min(1).default('./data'),
    S3_BUCKET: optionalText,
    S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    S3_REGION: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: flag,
  })
  .refine((e) => (e.S3_ACCESS_KEY_ID === undefined) === (e.S3_SECRET_ACCESS_KEY === undefined), {
    message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    path: ['S3_SECRET_ACCESS_KEY'],
  });

export class StorageConfigError extends Error {}

/**
 * Reads the storage settings from the environment (validated). Without S3_BUCKET files go to
 * `<DATA_DIR>/files`; with it, to that bucket (credentials from the S3_* pair, else the SDK's
 * default chain; S3_FORCE_PATH_STYLE for MinIO and most self-hosted S3-compatible servers).
 */
export function storageConfigFromEnv(env: Readonly<Record<string, string | undefined>>): StorageConfig {
  const parsed = storageEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new StorageConfigError(`Invalid storage configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (!e.S3_BUCKET) return { kind: 'local', dir: path.join(path.resolve(e.DATA_DIR), 'files') };
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    region: e.S3_REGION ?? 'us-east-1',
    endpoint: e.S3_ENDPOINT,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}

export function createStorage(config: StorageConfig): FileStorage {
  return config.kind === 's3' ? createS3Storage(config) : createLocalStorage(config.dir);
}

/**
 * Proves a store answers with these settings: a read of a key nobody writes, which answers
 * "missing" when the bucket and credentials work and throws otherwise.
 */
export async function probeStorage(store: FileStorage): Promise<void> {
  await store.get(`convo-check/${randomUUID()}`);
}
