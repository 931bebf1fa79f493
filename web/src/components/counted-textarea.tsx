import { Field, HStack, Text, Textarea, type TextareaProps } from '@chakra-ui/react';
import type { Ref } from 'react';

/**
 * A labelled text box that takes at most `limit` characters, with what the writer should know
 * (`hint`) and how many characters they have used under it, and its error below.
 */
export function CountedTextarea({
  label,
  limit,
  length,
  hint,
  error,
  required,
  ...textarea
}: {
  label: string;
  limit: number;
  /** How many characters the box holds now. */
  length: number;
  hint?: string | undefined;
  error?: string | undefined;
  required?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
} & Omit<TextareaProps, 'maxLength' | 'required'>) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <Textarea rows={4} resize="vertical" maxH="40dvh" {...textarea} maxLength={limit} />
      <Field.HelperText asChild>
        <HStack justify="space-between" align="flex-start" gap="3" w="full">
          <Text>{hint}</Text>
          <Text flexShrink={0} fontVariantNumeric="tabular-nums">
            {length} / {limit}
          </Text>
        </HStack>
      </Field.HelperText>
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
