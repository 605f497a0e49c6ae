// Stands for @floating-ui/react in Mantine's ScrollArea, which takes only `useMergeRefs` from it
// (vite.config.ts, scrollAreaWithoutFloatingUi): the import otherwise kept the whole of floating-ui
// (~14 KB brotli) in the signed-in shell, shared with the overlays loaded on first use (issue 39).
import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

export function useMergeRefs<T>(refs: Array<Ref<T> | undefined>): (node: T | null) => void {
  return useMergedRef(...refs);
}
