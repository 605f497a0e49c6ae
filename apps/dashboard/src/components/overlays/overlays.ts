// Mantine's floating components, loaded on first use (issue 39): with floating-ui they are ~40 KB
// brotli that /dashboard and /conversations would otherwise download before their first paint.
// Only use-overlays.ts imports this module, dynamically.
export { Menu, MultiSelect, Popover, Select, Tooltip } from '@mantine/core';
