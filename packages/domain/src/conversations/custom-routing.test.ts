import { describe, expect, it } from 'vitest';
import { customRouteRowProblem, parseCustomRouteCsv } from './custom-routing';

describe('custom routing CSV', () => {
  it('reads the header case-insensitively, skips empty lines and keeps line numbers', () => {
    const parsed = parseCustomRouteCsv(
      '\uFEFF UserId ,AGENTID,teamid\r\nann,agent@x.io,\r\n\r\n"bob, jr",,sales\n',
    );
    expect(parsed).toEqual({
      ok: true,
      rows: [
        { line: 2, userId: 'ann', agentId: 'agent@x.io', teamId: undefined },
        { line: 4, userId: 'bob, jr', agentId: undefined, teamId: 'sales' },
      ],
    });
  });

  it('refuses a file without a userId column or without any target column', () => {
    expect(parseCustomRouteCsv('')).toMatchObject({ ok: false, code: 'EMPTY_FILE' });
    expect(parseCustomRouteCsv('agentId\nx')).toMatchObject({ ok: false, code: 'MISSING_USER_ID_COLUMN' });
    expect(parseCustomRouteCsv('userId,name\nx,y')).toMatchObject({
      ok: false,
      code: 'MISSING_TARGET_COLUMN',
    });
  });

  it('wants a customer and exactly one target', () => {
    expect(customRouteRowProblem({ line: 1, userId: 'a', agentId: 'b' })).toBeNull();
    expect(customRouteRowProblem({ line: 1, userId: 'a', teamId: 't' })).toBeNull();
    expect(customRouteRowProblem({ line: 1, userId: ' ', agentId: 'b' })).toBe('userId is required');
    expect(customRouteRowProblem({ line: 1, userId: 'a' })).toBe('agentId or teamId is required');
    expect(customRouteRowProblem({ line: 1, userId: 'a', agentId: 'b', teamId: 't' })).toMatch(/not both/);
    expect(customRouteRowProblem({ line: 1, userId: 'x'.repeat(191), agentId: 'b' })).toMatch(/longer/);
  });
});
