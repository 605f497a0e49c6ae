// @convo/api/customers/constants: this context's constants without zod (no file reached from here
// imports zod; scripts/check-import-cycles.mjs checks it). Types come from @convo/api/customers with
// `import type`, which the bundle never holds.

// customer-attributes.ts

export const CUSTOMER_ATTRIBUTE_TYPES = ['text', 'number', 'date', 'boolean', 'url'] as const;

export type CustomerAttributeType = (typeof CUSTOMER_ATTRIBUTE_TYPES)[number];

export const CUSTOMER_ATTRIBUTES_MAX = 100;

export const CUSTOMER_ATTRIBUTE_PATHS = {
  list: '/api/customer-attributes',
  one: '/api/customer-attributes/:id',
  order: '/api/customer-attributes/order',
} as const;

export const customerAttributePath = (id: string) =>
  CUSTOMER_ATTRIBUTE_PATHS.one.replace(':id', encodeURIComponent(id));

// customers.ts

export const CUSTOMER_IMPORT_BATCH_MAX = 500;

export const CUSTOMER_PATHS = {
  list: '/api/customers',
  one: '/api/customers/:userId',
  importBulk: '/rest/ws/user/import/bulk',
  deleteBulk: '/rest/ws/user/delete/bulk',
  export: '/api/customers/export',
} as const;

export const customerPath = (userId: string) =>
  CUSTOMER_PATHS.one.replace(':userId', encodeURIComponent(userId));
