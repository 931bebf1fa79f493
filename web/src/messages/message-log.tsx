// A conversation's messages, oldest first: the other party's on the left, the reader's own on
// the right, each with its time. A message is text, shown as typed (line breaks kept), never
// read as HTML; one whose author deleted their account says so.
import { Box, Button, Center, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import type { MessageRecord } from '@second-gear/features/contract';
import { useEffect, useRef } from 'react';
import { formatDateTime, formatShortTime } from '../components/dates.ts';

function MessageBubble({ message, author }: { message: MessageRecord; author: string }) {
  const { mine, text, removed, at } = message;
  return (
    <Box
      as="li"
      listStyleType="none"
      alignSelf={mine ? 'flex-end' : 'flex-start'}
      maxW={{ base: '85%', md: '70%' }}
      minW="0"
      px="3"
      py="2"
      borderRadius="lg"
      bg={mine ? 'teal.subtle' : 'bg.muted'}
      data-mine={mine}
    >
      <VisuallyHidden>{mine ? 'You' : author}: </VisuallyHidden>
      {removed ? (
        <Text fontStyle="italic" color="fg.muted">
          Message removed
        </Text>
      ) : (
        <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
          {text}
        </Text>
      )}
      <Text fontSize="xs" color="fg.muted" textAlign={mine ? 'end' : 'start'} mt="1">
        <time dateTime={at} title={formatDateTime(at)}>
          {formatShortTime(at)}
        </time>
      </Text>
    </Box>
  );
}

export function MessageLog({
  messages,
  author,
  earlier,
  loadingEarlier,
  onEarlier,
}: {
  messages: MessageRecord[];
  /** The other party's name, said before each of their messages to a screen reader. */
  author: string;
  /** Whether older messages come before these. */
  earlier: boolean;
  loadingEarlier: boolean;
  onEarlier: () => void;
}) {
  // The newest message comes into view when the page opens and when another arrives; older
  // ones shown above it leave the view where it is.
  const end = useRef<HTMLDivElement>(null);
  const newest = messages.at(-1)?._id;
  useEffect(() => {
    if (newest !== undefined) end.current?.scrollIntoView({ block: 'end' });
  }, [newest]);

  return (
    <Stack gap="3">
      {earlier ? (
        <Center>
          <Button size="sm" variant="outline" loading={loadingEarlier} onClick={onEarlier}>
            Show earlier messages
          </Button>
        </Center>
      ) : null}
      <Box role="log" aria-live="polite" aria-label="Messages">
        {messages.length === 0 ? (
          <Text color="fg.muted">No messages yet.</Text>
        ) : (
          <Stack as="ol" gap="2" m="0" p="0">
            {messages.map((message) => (
              <MessageBubble key={message._id} message={message} author={author} />
            ))}
          </Stack>
        )}
      </Box>
      {/* Kept clear of the writing box that stays at the foot of the screen. */}
      <Box ref={end} scrollMarginBottom="14rem" aria-hidden="true" />
    </Stack>
  );
}
