// App modules (SPEC §7 "app module edit"): the names client SDKs send as `appModuleName`.

export const APP_MODULE_NAME_MAX = 50;
export const APP_MODULE_DISPLAY_NAME_MAX = 80;
/** More would be a partition scheme, not a handful of client apps. */
export const APP_MODULES_PER_APPLICATION_MAX = 50;

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * Why a module name cannot be used, or null. Names are identifiers an SDK is built with, so
 * they are kept to letters, digits, dot, underscore and dash, starting with a letter or digit,
 * and compared exactly (case matters, as it does for the SDKs that send them).
 */
export function appModuleNameProblem(name: string): string | null {
  if (name.length === 0) return 'Give the module a name.';
  if (name.length > APP_MODULE_NAME_MAX)
    return `A module name has at most ${APP_MODULE_NAME_MAX} characters.`;
  if (!NAME.test(name))
    return 'A module name uses letters, digits, dots, underscores and dashes, and starts with a letter or digit.';
  return null;
}

/**
 * Which module a registration names: none when the client sent no name (or only spaces), so
 * clients that never heard of modules keep working.
 */
export function requestedAppModule(appModuleName: string | undefined | null): string | null {
  const trimmed = appModuleName?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}
