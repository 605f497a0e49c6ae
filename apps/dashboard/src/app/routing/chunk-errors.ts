// Chunk loading (SPEC §4, §9): a page chunk still loading after CHUNK_LOAD_TIMEOUT_MS is reported as
// a timeout, any other failure as a chunk load error. Pure, so the rules are unit-tested.

export class ChunkLoadError extends Error {
  override readonly name: string = 'ChunkLoadError';
}

export class ChunkLoadTimeoutError extends ChunkLoadError {
  override readonly name = 'ChunkLoadTimeoutError';
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadTimeoutError(`Loading chunk timed out after ${ms} ms`)),
      ms,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

export function chunkFailureKind(error: unknown): 'chunk-timeout' | 'chunk-load' {
  return error instanceof ChunkLoadTimeoutError ? 'chunk-timeout' : 'chunk-load';
}

/**
 * What is reported. The browser's own failure ("Failed to fetch dynamically imported module…")
 * reads like a network error, which SPEC §8 does not report; a chunk failure is reported, so it
 * travels as a ChunkLoadError with the original as its cause.
 */
export function asChunkError(error: unknown): ChunkLoadError {
  if (error instanceof ChunkLoadError) return error;
  const failure = new ChunkLoadError('Loading chunk failed', { cause: error });
  if (error instanceof Error && error.stack)
    failure.stack = `ChunkLoadError: Loading chunk failed\n${error.stack}`;
  return failure;
}
