// Light stand-ins for the header's assignee and tags pickers while a conversation opens: Mantine's
// Select and MultiSelect (a combobox, a popover, the options) cost ~16 ms of the click, so they
// mount once the messages are shown. The stand-ins are the same inputs without the combobox (same
// look and size); focusing one mounts the real picker at once, which takes the focus.

import { ComboboxChevron, InputBase, Pill, PillsInput } from '@mantine/core';
import type { CSSProperties } from 'react';

export function AssigneeStandIn({
  label,
  value,
  placeholder,
  onFocus,
}: {
  label: string;
  value: string;
  placeholder: string;
  onFocus: () => void;
}) {
  return (
    <InputBase
      size="xs"
      aria-label={label}
      placeholder={placeholder}
      value={value}
      readOnly
      onFocus={onFocus}
      rightSection={<ComboboxChevron size="xs" />}
      rightSectionPointerEvents="none"
      w={{ base: '100%', xs: 190 }}
    />
  );
}

export function TagsStandIn({
  label,
  tags,
  placeholder,
  style,
  onFocus,
}: {
  label: string;
  tags: string[];
  placeholder: string | undefined;
  style: CSSProperties;
  onFocus: () => void;
}) {
  return (
    <PillsInput
      size="xs"
      style={style}
      rightSection={<ComboboxChevron size="xs" />}
      rightSectionPointerEvents="none"
      onFocus={onFocus}
    >
      <Pill.Group>
        {tags.map((tag) => (
          <Pill key={tag} withRemoveButton>
            {tag}
          </Pill>
        ))}
        <PillsInput.Field aria-label={label} placeholder={placeholder} readOnly />
      </Pill.Group>
    </PillsInput>
  );
}
