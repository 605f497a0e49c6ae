import { describe, expect, it } from 'vitest';
import {
  isApprovedTemplateStatus,
  renderTemplate,
  renderTemplateMessage,
  type TemplateComponents,
  templateParameterCount,
  templateValuesProblem,
  templateVariables,
} from './whatsapp-templates';

describe('WhatsApp templates', () => {
  it('counts distinct placeholders, spaces allowed, repeats once', () => {
    expect(templateParameterCount('Hi {{1}}, order {{ 2 }} for {{1}}')).toBe(2);
    expect(templateParameterCount('No parameters')).toBe(0);
  });

  it('fills placeholders by number and leaves the missing or empty ones visible', () => {
    expect(renderTemplate('Hi {{1}}, order {{2}}', ['Ada', '42'])).toBe('Hi Ada, order 42');
    expect(renderTemplate('Hi {{ 1 }}, order {{2}}', ['Ada'])).toBe('Hi Ada, order {{2}}');
    expect(renderTemplate('Hi {{1}}, order {{2}}', ['', '42'])).toBe('Hi {{1}}, order 42');
  });

  it('fills a text numbered from elsewhere in the template (Twilio) in ascending order', () => {
    expect(renderTemplate('Order {{3}} for {{2}}', ['Ada', 'A-42'])).toBe('Order A-42 for Ada');
  });

  it('knows approved in any case, nothing else', () => {
    expect(isApprovedTemplateStatus('APPROVED')).toBe(true);
    expect(isApprovedTemplateStatus('approved')).toBe(true);
    expect(isApprovedTemplateStatus('PENDING')).toBe(false);
    expect(isApprovedTemplateStatus('rejected')).toBe(false);
  });
});

describe('WhatsApp template header and buttons', () => {
  const shipped: TemplateComponents = {
    header: { format: 'TEXT', text: 'Order {{1}}' },
    body: 'Hi {{1}}, it has shipped.',
    buttons: [
      { type: 'URL', text: 'Track', url: 'https://shop.example/track/{{1}}' },
      { type: 'QUICK_REPLY', text: 'Thanks' },
      { type: 'URL', text: 'Help', url: 'https://shop.example/help' },
    ],
  };
  const ok = {
    parameters: ['Ada'],
    header: { type: 'text', text: 'A-42' },
    buttons: [{ index: 0, type: 'url', text: 'A-42' }],
  } as const;

  it('accepts the values a template takes, with or without a quick-reply payload', () => {
    expect(templateValuesProblem(shipped, ok)).toBeNull();
    expect(
      templateValuesProblem(shipped, {
        ...ok,
        buttons: [...ok.buttons, { index: 1, type: 'quick_reply', payload: 'thanks-A-42' }],
      }),
    ).toBeNull();
    expect(templateValuesProblem({ body: 'Plain' }, { parameters: [] })).toBeNull();
  });

  it('refuses the wrong number of body values', () => {
    expect(templateValuesProblem(shipped, { ...ok, parameters: [] })).toEqual({
      code: 'INVALID_PARAMETER',
      message: 'The template takes 1 body parameter(s); 0 given.',
    });
  });

  it('refuses a missing, extra or wrong header', () => {
    const header = (
      template: TemplateComponents,
      value: Parameters<typeof templateValuesProblem>[1]['header'],
    ) => templateValuesProblem(template, { ...ok, header: value });
    expect(header(shipped, undefined)).toEqual({
      code: 'TEMPLATE_HEADER_INVALID',
      message: 'The template’s header takes a text value.',
    });
    expect(header({ ...shipped, header: undefined }, ok.header)?.message).toBe(
      'The template has no header; leave the header out.',
    );
    expect(header({ ...shipped, header: { format: 'TEXT', text: 'Hello' } }, ok.header)?.message).toBe(
      'The template’s header is fixed text; leave the header out.',
    );
    const image: TemplateComponents = { ...shipped, header: { format: 'IMAGE' } };
    expect(header(image, { type: 'image', link: 'https://cdn.example/p.png' })).toBeNull();
    expect(header(image, { type: 'image', link: 'http://cdn.example/p.png' })?.message).toBe(
      'The header’s image link must be an https URL.',
    );
    expect(header(image, { type: 'document', link: 'https://cdn.example/p.pdf' })?.message).toBe(
      'The template’s header takes an image link.',
    );
    expect(header(image, ok.header)?.code).toBe('TEMPLATE_HEADER_INVALID');
    expect(header({ ...shipped, header: { format: 'LOCATION' } }, undefined)?.message).toBe(
      'The template’s location header cannot be sent from the inbox.',
    );
  });

  it('refuses a missing URL suffix, a value for a button that takes none, an unknown or repeated button', () => {
    const buttons = (values: Parameters<typeof templateValuesProblem>[1]['buttons']) =>
      templateValuesProblem(shipped, { ...ok, buttons: values });
    expect(buttons([])).toEqual({
      code: 'TEMPLATE_BUTTON_INVALID',
      message: 'Button 1 (Track) needs the end of its link (its {{1}}).',
    });
    expect(buttons([...ok.buttons, { index: 2, type: 'url', text: 'x' }])?.message).toBe(
      'Button 3 (Help) takes no URL value.',
    );
    expect(buttons([...ok.buttons, { index: 0, type: 'url', text: 'again' }])?.message).toBe(
      'Button 1 is given twice.',
    );
    expect(buttons([...ok.buttons, { index: 5, type: 'url', text: 'x' }])?.message).toBe(
      'The template has no button 6.',
    );
    expect(buttons([{ index: 0, type: 'quick_reply', payload: 'p' }])?.message).toBe(
      'Button 1 (Track) takes no payload.',
    );
    const fixed: TemplateComponents = {
      body: 'Hi',
      buttons: [{ type: 'QUICK_REPLY', text: 'Yes', payload: 'yes' }],
    };
    expect(
      templateValuesProblem(fixed, {
        parameters: [],
        buttons: [{ index: 0, type: 'quick_reply', payload: 'p' }],
      })?.message,
    ).toBe('Button 1 (Yes) takes no payload.');
  });

  it('renders header, body and buttons as the customer reads them', () => {
    expect(renderTemplateMessage(shipped, ok)).toBe(
      'Order A-42\n\nHi Ada, it has shipped.\n\n[Track] https://shop.example/track/A-42\n[Thanks]\n[Help] https://shop.example/help',
    );
    expect(
      renderTemplateMessage(
        { header: { format: 'DOCUMENT' }, body: 'Your invoice' },
        {
          parameters: [],
          header: { type: 'document', link: 'https://cdn.example/i.pdf', filename: 'i.pdf' },
        },
      ),
    ).toBe('[Document (i.pdf)] https://cdn.example/i.pdf\n\nYour invoice');
    // Without header and buttons it is the body alone, as before.
    expect(renderTemplateMessage({ body: 'Hi {{1}}' }, { parameters: ['Ada'] })).toBe('Hi Ada');
  });

  it('numbers every value across the template for Twilio', () => {
    const twilio: TemplateComponents = {
      header: { format: 'TEXT', text: 'Order {{1}}' },
      body: 'Hi {{2}}, total {{3}}',
      buttons: [{ type: 'URL', text: 'Track', url: 'https://shop.example/t/{{4}}' }],
    };
    expect(
      templateVariables(twilio, {
        parameters: ['Ada', '9 €'],
        header: { type: 'text', text: 'A-42' },
        buttons: [{ index: 0, type: 'url', text: 'A-42' }],
      }),
    ).toEqual({ 1: 'A-42', 2: 'Ada', 3: '9 €', 4: 'A-42' });
  });
});
