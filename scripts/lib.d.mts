// Types of lib.mjs for the TypeScript callers (bench/run-all.ts).
export const root: string;
export function log(message: string): void;
export function run(command: string, args: string[], options?: object): Promise<number>;
export function runOrExit(label: string, command: string, args: string[], options?: object): Promise<void>;
export function newestMtime(paths: string[]): number;
export function ensureInstalled(): Promise<void>;
export function ensureBuilt(options?: { force?: boolean; only?: string[] }): Promise<void>;
