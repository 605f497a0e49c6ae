import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ORIGIN, renderWithApp, setUpDashboardHarness, use } from '../../../../testing/render';
import { FlowTestPanel } from './flow-test-panel';

setUpDashboardHarness();

const botId = '8f9d2c1e-4b7a-4c3e-9d2f-1a2b3c4d5e6f';
const flowId = '3f1e2d4c-0000-4000-8000-000000000001';
const EMULATOR = `${ORIGIN}/api/api/bots/${botId}/flows/${flowId}/emulator`;

const reply = (over: Record<string, unknown>) => ({
  code: 'SUCCESS',
  data: {
    messages: [],
    state: { nodeId: 'ask', waiting: true, attributes: {} },
    done: false,
    handoff: null,
    answer: null,
    path: [],
    ...over,
  },
});

describe('FlowTestPanel (Flow Designer)', () => {
  it('saves first, carries the run state between turns, offers choices and says how it ended', async () => {
    const bodies: Record<string, unknown>[] = [];
    use(
      http.post(EMULATOR, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (!body.message)
          return HttpResponse.json(
            reply({
              messages: [
                {
                  text: 'Tea or coffee?',
                  metadata: {
                    contentType: '300',
                    templateId: '6',
                    payload: JSON.stringify([{ title: 'Tea', message: 'Tea' }]),
                  },
                },
              ],
              path: ['ask'],
            }),
          );
        return HttpResponse.json(
          reply({
            messages: [{ text: 'A person takes over.', metadata: {} }],
            state: { nodeId: null, waiting: false, attributes: { drink: 'Tea' } },
            done: true,
            handoff: { assignTo: null, assignTeam: null },
            path: ['ask', 'human'],
          }),
        );
      }),
    );
    let saved = 0;
    const paths: string[][] = [];
    const user = userEvent.setup();
    renderWithApp(
      <FlowTestPanel
        botId={botId}
        flowId={flowId}
        beforeStart={async () => {
          saved++;
        }}
        onPath={(p) => paths.push(p)}
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Your answer' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect(await screen.findByText('Tea or coffee?')).toBeTruthy();
    expect(saved).toBe(1);
    expect(bodies[0]).toEqual({ state: null });

    await user.click(screen.getByRole('button', { name: 'Tea' }));
    expect(await screen.findByText('A person takes over.')).toBeTruthy();
    expect(screen.getByText('Handed off to an agent.')).toBeTruthy();
    expect(bodies[1]).toEqual({ message: 'Tea', state: { nodeId: 'ask', waiting: true, attributes: {} } });
    expect(paths).toEqual([['ask'], ['ask', 'human']]);
    // The run is over: nothing more to answer until it restarts.
    expect(screen.getByRole('textbox', { name: 'Your answer' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Restart' }));
    await waitFor(() => expect(saved).toBe(2));
    expect(await screen.findByText('Tea or coffee?')).toBeTruthy();
    expect(screen.queryByText('A person takes over.')).toBeNull();
  });
});
