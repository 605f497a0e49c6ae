// Writes name.br and name.gz beside each text file of a build, served by the server in place of the
// file to browsers that accept them (@fastify/static's preCompressed): done once at build time, at
// the highest levels, rather than on every response. Used by the dashboard's and the widget's builds.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|json|svg|html)$/;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Compresses every text file of `dir` (recursively) of at least `minBytes`. */
export async function precompressDir(dir, minBytes = 1024) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const files = entries
    .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
  for (const file of files) {
    // Below a kilobyte the headers weigh more than the saving.
    if ((await stat(file)).size < minBytes) continue;
    const body = await readFile(file);
    const [br, gzipped] = await Promise.all([
      brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
      gz(body, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
  }
}
