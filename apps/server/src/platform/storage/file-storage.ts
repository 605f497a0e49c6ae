import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

// What every store implements and the keys they accept: below storage.ts (which picks the store)
// and the stores themselves, so the stores need not import the file that imports them.

export interface StoredObject {
  stream: Readable;
  size: number;
  contentType: string;
}

export interface FileStorage {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object, or null when there is none under that key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; a missing key is not an error. */
  delete(key: string): Promise<void>;
}

export interface LocalStorageConfig {
  kind: 'local';
  /** The directory files are kept in: `<DATA_DIR>/files`. */
  dir: string;
}

export interface S3StorageConfig {
  kind: 's3';
  bucket: string;
  region: string;
  endpoint: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

export type StorageConfig = LocalStorageConfig | S3StorageConfig;

/** Segments of letters, digits, `_` and `-` joined by `/`: no dots, so no `..`, no hidden names. */
const KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}(\/[A-Za-z0-9_-]{1,100}){0,4}$/;

export function isValidStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function assertStorageKey(key: string): void {
  if (!isValidStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}

/** A fresh key for an application's file: never derived from anything a user sent. */
export function newStorageKey(applicationId: string, id: string = randomUUID()): string {
  const app = applicationId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 100) || 'app';
  const key = `${app}/${id.replace(/[^A-Za-z0-9_-]/g, '')}`;
  assertStorageKey(key);
  return key;
}
