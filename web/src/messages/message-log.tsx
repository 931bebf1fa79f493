// A conversation's messages, oldest first: the other party's on the left, the reader's own on
// the right, each with its time. A message is text, shown as typed (line breaks kept), never
// read as HTML; one whose author deleted their account says so. Each of the other party's
// messages can be reported, by a small flag beside it.
import {
  Box,
  Button,
  Center,
  HStack,
  IconButton,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import type { MessageRecord } from '@second-gear/features/contract';
import { useEffect, useRef } from 'react';
import { LuFlag } from 'react-icons/lu';
import { formatDateTime, formatShortTime } from '../components/dates.ts';

function MessageBubble({
  message,
  author,
  onReport,
}: {
  message: MessageRecord;
  author: string;
  onReport?: ((message: MessageRecord) => void) | undefined;
}) {
  const { mine, text, removed, at } = message;
  const reportable = onReport !== undefined && !mine && !removed;
  return (
    <HStack
      as="li"
      listStyleType="none"
      alignSelf={mine ? 'flex-end' : 'flex-start'}
      maxW={{ base: '85%', md: '70%' }}
      minW="0"
      gap="1"
      align="flex-end"
      data-mine={mine}
    >
      <Box minW="0" px="3" py="2" borderRadius="lg" bg={mine ? 'teal.subtle' : 'bg.muted'}>
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
      {reportable ? (
        <IconButton
          size="xs"
          variant="ghost"
          colorPalette="gray"
          aria-label="Report message"
          onClick={() => onReport(message)}
        >
          <LuFlag />
        </IconButton>
      ) : null}
    </HStack>
  );
}

export function MessageLog({
  messages,
  author,
  earlier,
  loadingEarlier,
  onEarlier,
  onReport,
}: {
  messages: MessageRecord[];
  /** The other party's name, said before each of their messages to a screen reader. */
  author: string;
  /** Whether older messages come before these. */
  earlier: boolean;
  loadingEarlier: boolean;
  onEarlier: () => void;
  /** Opens the report of one of the other party's messages; none offered without it. */
  onReport?: (message: MessageRecord) => void;
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
              <MessageBubble
                key={message._id}
                message={message}
                author={author}
                onReport={onReport}
              />
            ))}
          </Stack>
        )}
      </Box>
      {/* Kept clear of the writing box that stays at the foot of the screen. */}
      <Box ref={end} scrollMarginBottom="14rem" aria-hidden="true" />
    </Stack>
  );
}
