// What a party does in a conversation: send a message, mark what they have seen read, block the
// other party and unblock them. Each refreshes the conversations (the inbox, this one and the
// unread count) with the write's position, so the reads include it.
import type { ConversationRecord } from '@second-gear/features/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { blockParty, readConversation, sendMessage, unblockParty } from '../api/endpoints.ts';
import { ApiError } from '../api/http.ts';
import { useCommand } from '../components/use-command.ts';
import { type MessageForm, showMessageError } from './message-field.tsx';
import { messageQueries } from './message-queries.ts';

const refresh = [messageQueries.all];

/**
 * Sends the form's text; the box empties once it is sent. A refusal because the conversation
 * ended or a block came between shows its reason, and the conversation is read again to say so.
 */
export function useSendMessage(id: string, form: MessageForm) {
  const queryClient = useQueryClient();
  return useCommand<string>({
    run: (text) => sendMessage(id, text),
    invalidate: refresh,
    onSuccess: () => form.reset({ text: '' }),
    onError: (error) => {
      if (error instanceof ApiError && (error.status === 403 || error.status === 409)) {
        void queryClient.invalidateQueries({ queryKey: messageQueries.one(id) });
      }
      return showMessageError(error, form);
    },
  });
}

/**
 * Marks the conversation read up to the last message shown, once for each new last message,
 * while it has unread messages. A failure is left unsaid: the next visit marks it again.
 */
export function useMarkRead(id: string, unread: number, lastSeq: number | undefined) {
  const marked = useRef(0);
  const { mutate } = useCommand<number>({
    run: (upTo) => readConversation(id, upTo),
    invalidate: refresh,
    onError: () => true,
  });
  useEffect(() => {
    if (unread <= 0 || lastSeq === undefined || lastSeq <= marked.current) return;
    marked.current = lastSeq;
    mutate(lastSeq);
  }, [unread, lastSeq, mutate]);
}

/** Block the other party (in every conversation with them), or unblock them. */
export function useBlocking(conversation: ConversationRecord, onBlocked?: () => void) {
  const name = conversation.with.name;
  const block = useCommand<string>({
    run: blockParty,
    success: `You blocked ${name}`,
    invalidate: refresh,
    onSuccess: () => onBlocked?.(),
    onError: () => {
      onBlocked?.();
      return false;
    },
  });
  const unblock = useCommand<string>({
    run: unblockParty,
    success: `You unblocked ${name}`,
    invalidate: refresh,
  });
  return { block, unblock };
}
