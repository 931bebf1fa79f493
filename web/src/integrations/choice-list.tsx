import { Checkbox, Wrap } from '@chakra-ui/react';

/** Several choices of a list (scopes, event types), as checkboxes. */
export function ChoiceList<T extends string>({
  options,
  value,
  onChange,
}: {
  options: readonly T[];
  value: readonly T[];
  onChange: (value: T[]) => void;
}) {
  return (
    <Wrap gap="3">
      {options.map((option) => (
        <Checkbox.Root
          key={option}
          colorPalette="teal"
          checked={value.includes(option)}
          onCheckedChange={(e) =>
            onChange(
              e.checked === true
                ? options.filter((o) => o === option || value.includes(o))
                : value.filter((o) => o !== option),
            )
          }
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{option}</Checkbox.Label>
        </Checkbox.Root>
      ))}
    </Wrap>
  );
}
