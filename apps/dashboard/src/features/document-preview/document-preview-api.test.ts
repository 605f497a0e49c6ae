import { describe, expect, it } from 'vitest';
import { fileKeyOf, previewKind, TEXT_PREVIEW_MAX_BYTES } from './document-preview-api';

describe('fileKeyOf', () => {
  it('reads the key of our file URLs only', () => {
    const key = '0b3c6f1e-2a4d-4c8e-9f10-1234567890ab';
    expect(fileKeyOf(`https://app.example.com/rest/ws/file/${key}`)).toBe(key);
    expect(fileKeyOf(`https://app.example.com/rest/ws/file/${key.toUpperCase()}?x=1`)).toBe(key);
    expect(fileKeyOf('https://cdn.example.com/pic.png')).toBeNull();
  });
});

describe('previewKind', () => {
  it('shows images, PDFs and small text inline', () => {
    expect(previewKind('image/png', 10)).toBe('image');
    expect(previewKind('application/pdf', 10)).toBe('pdf');
    expect(previewKind('text/plain; charset=utf-8', 10)).toBe('text');
    expect(previewKind('text/csv', TEXT_PREVIEW_MAX_BYTES + 1)).toBe('none');
    expect(previewKind('image/svg+xml', 10)).toBe('none');
    expect(previewKind('application/zip', 10)).toBe('none');
  });
});
