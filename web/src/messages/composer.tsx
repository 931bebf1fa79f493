// The writing box at the foot of a conversation: it stays on screen as the messages scroll.
// Enter sends, Shift+Enter starts a new line. Once nobody can write any more, it says why and
// stays disabled; the reader's own block can be lifted from here.
import { Box, Button, HStack } from '@chakra-ui/react';
import type { ConversationClosure, ConversationRecord } from '@second-gear/features/contract';
import { MessageField, useMessageForm } from './message-field.tsx';
import { useBlocking, useSendMessage } from './use-conversation.ts';

/** Why the reader can no longer write, in words. */
export function closureText(closure: ConversationClosure, name: string): string {
  switch (closure) {
    case 'blocked-by-you':
      return `You blocked ${name}. Unblock to write again.`;
    case 'blocked-you':
      return `${name} does not accept messages from you.`;
    case 'account-deleted':
      return `${name} deleted their account: this conversation has ended.`;
    case 'car-deleted':
      return 'This car was removed: the conversation has ended.';
  }
}

export function Composer({ conversation }: { conversation: ConversationRecord }) {
  const form = useMessageForm();
  const send = useSendMessage(conversation._id, form);
  const { unblock } = useBlocking(conversation);
  const { closed } = conversation;
  const submit = form.handleSubmit(({ text }) => send.mutate(text));
  return (
    <Box
      asChild
      position="sticky"
      bottom="0"
      zIndex="docked"
      bg="bg"
      borderTopWidth="1px"
      pt="3"
      pb="max(0.75rem, env(safe-area-inset-bottom))"
    >
      <form noValidate aria-label="Write a message" onSubmit={submit}>
        <MessageField
          form={form}
          rows={2}
          disabled={closed !== null}
          hint={
            closed === null
              ? 'Enter sends, Shift+Enter starts a new line.'
              : closureText(closed, conversation.with.name)
          }
          onEnter={() => {
            if (!send.isPending) void submit();
          }}
        />
        <HStack justify="flex-end" gap="2" mt="2">
          {closed === 'blocked-by-you' ? (
            <Button
              variant="outline"
              loading={unblock.isPending}
              onClick={() => unblock.mutate(conversation._id)}
            >
              Unblock
            </Button>
          ) : null}
          <Button
            type="submit"
            colorPalette="teal"
            disabled={closed !== null}
            loading={send.isPending}
          >
            Send
          </Button>
        </HStack>
      </form>
    </Box>
  );
}
