import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Tagged } from './tagged';

const link = (content: string) => <a href="mailto:help@example.com">{content}</a>;

describe('Tagged', () => {
  it('draws the tagged part with render and keeps the text around it', () => {
    const { container } = render(
      <p>
        <Tagged text="Need help? Write to us at <mail>help@example.com</mail>." tag="mail" render={link} />
      </p>,
    );
    expect(container.innerHTML).toBe(
      '<p>Need help? Write to us at <a href="mailto:help@example.com">help@example.com</a>.</p>',
    );
  });

  it('keeps the order of a language that puts the tag first', () => {
    const { container } = render(
      <p>
        <Tagged text="<mail>help@example.com</mail> ಗೆ ಬರೆಯಿರಿ." tag="mail" render={link} />
      </p>,
    );
    expect(container.textContent).toBe('help@example.com ಗೆ ಬರೆಯಿರಿ.');
    expect(container.querySelector('a')?.textContent).toBe('help@example.com');
  });

  it('shows a string without the pair as it is', () => {
    const { container } = render(
      <p>
        <Tagged text="Write to help@example.com" tag="mail" render={link} />
      </p>,
    );
    expect(container.innerHTML).toBe('<p>Write to help@example.com</p>');
  });
});
