export function precompressDir(dir: string, minBytes?: number): Promise<void>;
