import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A labelled field with its error message underneath. */
export function FormField({
  label,
  error,
  required,
  disabled,
  children,
  helper,
}: {
  label: string;
  error?: string | undefined;
  required?: boolean;
  disabled?: boolean | undefined;
  children: ReactNode;
  helper?: string;
}) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {children}
      {helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
