// What happy-dom lacks and Mantine uses: `document.fonts` (its Textarea re-measures when fonts load).
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
}
