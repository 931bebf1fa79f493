// The text of a message as its writer types it, in the car page's dialog and under a
// conversation: the contract's rule (1 to 2000 characters once trimmed), a counter, and the
// server's word on the field when it refuses.
import { Field, HStack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { SendMessageBody } from '@second-gear/features/contract';
import { TEXT_MAX } from '@second-gear/features/rules';
import type { KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { applyFieldErrors } from '../components/form-errors.ts';

export function useMessageForm() {
  return useForm({ resolver: zodResolver(SendMessageBody), defaultValues: { text: '' } });
}
export type MessageForm = ReturnType<typeof useMessageForm>;

/** A refused message: the server's words under the field (and, when not about the text, a toast). */
export function showMessageError(error: unknown, form: MessageForm): true {
  applyFieldErrors(error, form.setError, ['text']);
  return true;
}

/**
 * The labelled text box ("Message") with what the writer should know under it (`hint`) and how
 * many characters they have used. `onEnter` makes Enter send, Shift+Enter starting a new line.
 */
export function MessageField({
  form,
  hint,
  disabled = false,
  rows = 4,
  onEnter,
}: {
  form: MessageForm;
  hint?: string | undefined;
  disabled?: boolean;
  rows?: number;
  onEnter?: () => void;
}) {
  const length = form.watch('text').length;
  const { errors } = form.formState;
  const error = errors.text?.message ?? errors.root?.server?.message;
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!onEnter || event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) {
      return;
    }
    event.preventDefault();
    onEnter();
  };
  return (
    <Field.Root invalid={Boolean(error)} required disabled={disabled}>
      <Field.Label>
        Message
        <Field.RequiredIndicator />
      </Field.Label>
      <Textarea
        {...form.register('text')}
        rows={rows}
        maxLength={TEXT_MAX.message}
        resize="vertical"
        maxH="40dvh"
        onKeyDown={onKeyDown}
      />
      <Field.HelperText asChild>
        <HStack justify="space-between" align="flex-start" gap="3" w="full">
          <Text>{hint}</Text>
          <Text flexShrink={0} fontVariantNumeric="tabular-nums">
            {length} / {TEXT_MAX.message}
          </Text>
        </HStack>
      </Field.HelperText>
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
