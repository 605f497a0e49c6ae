import { describe, expect, it } from 'vitest';
import { previewButton, richTemplates, templateJson, templateMetadata } from './rich-templates';

describe('rich templates', () => {
  const templates = richTemplates('https://app.example.com');

  it('covers every template id the widget renders', () => {
    expect([...new Set(templates.map((t) => t.templateId))].sort()).toEqual(['10', '11', '3', '6', '7', '9']);
  });

  it('gives metadata of string values whose payload parses back', () => {
    for (const template of templates) {
      const metadata = templateMetadata(template);
      expect(metadata.contentType).toBe('300');
      expect(JSON.parse(metadata.payload ?? '')).toEqual(template.payload);
      expect(JSON.parse(templateJson(template)).metadata).toEqual(metadata);
    }
  });

  it('reads buttons as the widget does', () => {
    expect(previewButton({ type: 'link', url: 'https://x.io', name: 'Go' })).toEqual({
      label: 'Go',
      link: true,
    });
    expect(previewButton({ title: 'Yes', message: 'yes' })).toEqual({ label: 'Yes', link: false });
    expect(
      previewButton({ name: 'Buy', action: { type: 'link', payload: { url: 'https://x.io' } } }),
    ).toEqual({
      label: 'Buy',
      link: true,
    });
    expect(previewButton({})).toBeNull();
  });
});
