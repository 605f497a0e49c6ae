import { expect, type Page } from '@playwright/test';

/**
 * Nothing scrolls sideways at the page's width. Asked until it holds (5 s at most): right after a
 * viewport change the responsive layout settles a frame or two later (Mantine's media-query hooks
 * re-render), and that moment is not what a person on a phone sees. On failure the message names
 * the elements that stick out.
 */
export async function expectFitsViewport(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const width = window.innerWidth;
          if (document.documentElement.scrollWidth <= width) return 'fits';
          const wide = Array.from(document.querySelectorAll('body *'))
            .filter((e) => e.getBoundingClientRect().right > width + 1)
            .slice(0, 5)
            .map((e) => `${e.tagName.toLowerCase()}.${String(e.className).slice(0, 50)}`);
          return `${document.documentElement.scrollWidth} px wide at ${width} px: ${wide.join(', ')}`;
        }),
      { timeout: 5_000 },
    )
    .toBe('fits');
}
