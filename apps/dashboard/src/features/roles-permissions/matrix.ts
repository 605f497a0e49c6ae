// The editable matrix: every key with the role types allowed, built from the product's defaults and
// the company's overrides; saving keeps only what differs from the defaults.

import {
  PRIVILEGE_KEYS,
  type PrivilegeKey,
  type Product,
  ROLE_PRIVILEGES,
  ROLE_TYPES,
  type RoleType,
} from '@convo/domain';

export type Matrix = Record<PrivilegeKey, RoleType[]>;

export function defaultRoles(product: Product, key: PrivilegeKey): RoleType[] {
  return ROLE_TYPES.filter((r) => ROLE_PRIVILEGES[product][r].includes(key));
}

export function effectiveMatrix(product: Product, overrides: Record<string, readonly string[]>): Matrix {
  const out = {} as Matrix;
  for (const key of PRIVILEGE_KEYS) {
    const o = overrides[key];
    out[key] = o ? ROLE_TYPES.filter((r) => o.includes(r)) : defaultRoles(product, key);
  }
  return out;
}

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

export function isCustomised(product: Product, matrix: Matrix, key: PrivilegeKey): boolean {
  return !same(matrix[key], defaultRoles(product, key));
}

/** The overrides to store: only keys whose roles differ from the product's defaults. */
export function overridesOf(product: Product, matrix: Matrix): Record<string, RoleType[]> {
  const out: Record<string, RoleType[]> = {};
  for (const key of PRIVILEGE_KEYS) if (isCustomised(product, matrix, key)) out[key] = matrix[key];
  return out;
}

export function toggle(matrix: Matrix, key: PrivilegeKey, role: RoleType, on: boolean): Matrix {
  const roles = on ? [...new Set([...matrix[key], role])] : matrix[key].filter((r) => r !== role);
  return { ...matrix, [key]: ROLE_TYPES.filter((r) => roles.includes(r)) };
}
