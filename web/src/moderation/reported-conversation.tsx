// The conversation around a reported message, for a moderator: read only once their reading is
// on the record (the audit log names who read which conversation and when). The reported
// message stands out among those around it.
import { Badge, Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  type ReportedConversation as Conversation,
  getReportedMessages,
  viewReportedMessage,
} from '../api/endpoints.ts';
import { describeError } from '../api/http.ts';
import { formatDateTime, formatShortTime } from '../components/dates.ts';
import { PageLoader } from '../components/page-loader.tsx';
import { useCommand } from '../components/use-command.ts';

const RECORDED = 'Your reading is recorded in the audit log.';

type Message = Conversation['messages'][number];

function ModeratedMessage({ message }: { message: Message }) {
  const { author, text, at, reported } = message;
  return (
    <Box
      as="li"
      listStyleType="none"
      px="3"
      py="2"
      borderRadius="lg"
      borderWidth={reported ? '2px' : '1px'}
      borderColor={reported ? 'red.solid' : 'border'}
      bg={reported ? 'red.subtle' : 'bg.muted'}
    >
      <HStack gap="2" wrap="wrap" align="baseline">
        <Text fontWeight="semibold">{author.name}</Text>
        <Text asChild fontSize="xs" color="fg.muted">
          <time dateTime={at} title={formatDateTime(at)}>
            {formatShortTime(at)}
          </time>
        </Text>
        {reported ? (
          <Badge colorPalette="red" variant="solid">
            Reported
          </Badge>
        ) : null}
      </HStack>
      <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
        {text}
      </Text>
    </Box>
  );
}

/** The messages once read: who wrote each, when, and which was reported. */
function Messages({ groupId }: { groupId: string }) {
  const heading = useId();
  const query = useQuery({
    queryKey: ['reports', 'messages', groupId],
    queryFn: () => getReportedMessages(groupId),
  });
  if (query.isPending) return <PageLoader label="Loading the conversation" />;
  if (!query.data) return <Text color="fg.error">{describeError(query.error)}</Text>;
  return (
    <Stack as="section" aria-labelledby={heading} gap="2">
      <Heading id={heading} as="h3" size="sm">
        The conversation
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {RECORDED}
      </Text>
      <Stack as="ol" gap="2" m="0" p="0">
        {query.data.messages.map((message) => (
          <ModeratedMessage key={message.seq} message={message} />
        ))}
      </Stack>
    </Stack>
  );
}

/** "Read the conversation": puts the reading on the record, then shows the messages. */
export function ReportedConversation({ groupId }: { groupId: string }) {
  const [reading, setReading] = useState(false);
  const view = useCommand<void>({
    run: () => viewReportedMessage(groupId),
    invalidate: [],
    onSuccess: () => setReading(true),
  });
  if (reading) return <Messages groupId={groupId} />;
  return (
    <Stack gap="1" align="flex-start">
      <Button size="sm" variant="outline" loading={view.isPending} onClick={() => view.mutate()}>
        Read the conversation
      </Button>
      <Text fontSize="sm" color="fg.muted">
        {RECORDED}
      </Text>
    </Stack>
  );
}
