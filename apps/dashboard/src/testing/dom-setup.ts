import { configure } from '@testing-library/react';

// What happy-dom lacks and Mantine uses: `document.fonts` (its Textarea re-measures when fonts load).
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
}

// The first render of a file loads translations and Mantine: allow more than the default second
// (two shared cores) before a `findBy…` gives up.
configure({ asyncUtilTimeout: 5_000 });
