import { describe, expect, it } from 'vitest';
import { isApprovedTemplateStatus, renderTemplate, templateParameterCount } from './whatsapp-templates';

describe('WhatsApp templates', () => {
  it('counts distinct placeholders, spaces allowed, repeats once', () => {
    expect(templateParameterCount('Hi {{1}}, order {{ 2 }} for {{1}}')).toBe(2);
    expect(templateParameterCount('No parameters')).toBe(0);
  });

  it('fills placeholders by number and leaves the missing ones visible', () => {
    expect(renderTemplate('Hi {{1}}, order {{2}}', ['Ada', '42'])).toBe('Hi Ada, order 42');
    expect(renderTemplate('Hi {{ 1 }}, order {{2}}', ['Ada'])).toBe('Hi Ada, order {{2}}');
  });

  it('knows approved in any case, nothing else', () => {
    expect(isApprovedTemplateStatus('APPROVED')).toBe(true);
    expect(isApprovedTemplateStatus('approved')).toBe(true);
    expect(isApprovedTemplateStatus('PENDING')).toBe(false);
    expect(isApprovedTemplateStatus('rejected')).toBe(false);
  });
});
