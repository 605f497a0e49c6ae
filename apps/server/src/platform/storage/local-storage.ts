import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { assertStorageKey, type FileStorage } from './file-storage.js';

const metaSchema = z.object({ contentType: z.string() });

const isMissing = (err: unknown) =>
  typeof err === 'object' && err !== null && 'code' in err && err.code === 'ENOENT';

/**
 * Files under one directory: the bytes at `<dir>/<key>` and the content type beside them in
 * `<dir>/<key>.meta.json` (keys have no dots, so the two can never collide). Writes go to a
 * temporary name first and are renamed into place, so a reader never sees half a file.
 */
export function createLocalStorage(dir: string): FileStorage {
  const root = path.resolve(dir);

  /** The path of a key, refusing anything that would leave the root (defence in depth). */
  function pathOf(key: string): string {
    assertStorageKey(key);
    const resolved = path.resolve(root, ...key.split('/'));
    if (!resolved.startsWith(root + path.sep)) throw new Error(`storage key escapes the root: ${key}`);
    return resolved;
  }
  const metaPathOf = (file: string) => `${file}.meta.json`;

  async function writeAtomically(file: string, data: Uint8Array | string) {
    const tmp = path.join(path.dirname(file), `.${randomUUID()}.tmp`);
    try {
      await writeFile(tmp, data, { mode: 0o600 });
      await rename(tmp, file);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  return {
    kind: 'local',
    async put(key, bytes, contentType) {
      const file = pathOf(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await writeAtomically(metaPathOf(file), JSON.stringify({ contentType }));
      await writeAtomically(file, bytes);
    },
    async get(key) {
      const file = pathOf(key);
      let size: number;
      try {
        const s = await stat(file);
        if (!s.isFile()) return null;
        size = s.size;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      let contentType = 'application/octet-stream';
      try {
        const meta = metaSchema.safeParse(JSON.parse(await readFile(metaPathOf(file), 'utf8')));
        if (meta.success) contentType = meta.data.contentType;
      } catch (err) {
        if (!isMissing(err) && !(err instanceof SyntaxError)) throw err;
      }
      return { stream: createReadStream(file), size, contentType };
    },
    async delete(key) {
      const file = pathOf(key);
      await rm(file, { force: true });
      await rm(metaPathOf(file), { force: true });
    },
  };
}
