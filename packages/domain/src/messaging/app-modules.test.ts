import { describe, expect, it } from 'vitest';
import { APP_MODULE_NAME_MAX, appModuleNameProblem, requestedAppModule } from './app-modules.js';

describe('appModuleNameProblem', () => {
  it('accepts SDK-style identifiers', () => {
    for (const name of ['shop', 'driver-app', 'com.acme.ios', 'A_1', '9lives'])
      expect(appModuleNameProblem(name)).toBeNull();
  });

  it('refuses empty, too long, spaces and leading punctuation', () => {
    expect(appModuleNameProblem('')).toMatch(/name/);
    expect(appModuleNameProblem('a'.repeat(APP_MODULE_NAME_MAX))).toBeNull();
    expect(appModuleNameProblem('a'.repeat(APP_MODULE_NAME_MAX + 1))).toMatch(/at most/);
    expect(appModuleNameProblem('shop app')).toMatch(/letters/);
    expect(appModuleNameProblem('-shop')).toMatch(/starts/);
    expect(appModuleNameProblem('<b>')).toMatch(/letters/);
  });
});

describe('requestedAppModule', () => {
  it('treats a missing or blank name as no module', () => {
    expect(requestedAppModule(undefined)).toBeNull();
    expect(requestedAppModule(null)).toBeNull();
    expect(requestedAppModule('   ')).toBeNull();
  });

  it('keeps the name as sent, trimmed', () => {
    expect(requestedAppModule(' Shop ')).toBe('Shop');
  });
});
