import { ACCOUNT_PATHS } from '@convo/api/constants';
import { render, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { CONFIG, ORIGIN, setUpDashboardHarness, use } from '../testing/render';
import { Boot, startBoot } from './boot';

setUpDashboardHarness();

// main.tsx starts boot's requests before the first render; the mounted Boot takes them.
describe('Boot', () => {
  it('takes the requests started before it mounted, asking for the config once', async () => {
    let configRequests = 0;
    use(
      http.get(`${ORIGIN}${ACCOUNT_PATHS.config}`, () => {
        configRequests += 1;
        return HttpResponse.json(CONFIG);
      }),
    );
    window.history.pushState({}, '', '/loginv2');
    startBoot();
    expect(configRequests).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(configRequests).toBe(1);

    render(<Boot />);
    expect(await screen.findByRole('button', { name: 'Log in' }, { timeout: 10_000 })).toBeTruthy();
    expect(configRequests).toBe(1);
    window.history.pushState({}, '', '/');
  });
});
