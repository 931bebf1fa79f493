import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import type { MessageRecord } from '@second-gear/features/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ApiError, describeError } from '../../api/http.ts';
import { notifyError } from '../../components/notify.ts';
import { PageLoader } from '../../components/page-loader.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { Composer } from '../../messages/composer.tsx';
import { ConversationHeader, partyName } from '../../messages/conversation-header.tsx';
import { MessageLog } from '../../messages/message-log.tsx';
import { messageQueries } from '../../messages/message-queries.ts';
import { useMarkRead } from '../../messages/use-conversation.ts';
import { ReportDialog } from '../../moderation/report-dialog.tsx';

/** A conversation that is not there: none by this id, or not the reader's. */
function ConversationNotFound() {
  return (
    <Stack gap="4" align="flex-start" py="6">
      <Heading as="h1" size="2xl">
        Conversation not found
      </Heading>
      <Text color="fg.muted">This conversation does not exist, or it is between other people.</Text>
      <Button asChild colorPalette="teal">
        <RouterLink to="/user/messages">Back to your messages</RouterLink>
      </Button>
    </Stack>
  );
}

/** One conversation: its car and the other party, the messages, and the writing box. */
export default function ConversationPage() {
  const id = useParams().id ?? '';
  const query = useInfiniteQuery({ ...messageQueries.conversation(id), meta: { quiet: true } });
  const pages = query.data?.pages ?? [];
  const conversation = pages[0]?.conversation;
  // The latest messages are the first page; each further page holds older ones.
  const messages = pages.toReversed().flatMap((page) => page.messages);
  useMarkRead(id, conversation?.unread ?? 0, messages.at(-1)?.seq);
  usePageTitle(conversation ? `Messages with ${conversation.with.name}` : undefined);
  // The message being reported stays while its dialog closes, so the dialog keeps its content.
  const [reporting, setReporting] = useState<{ message: MessageRecord | null; open: boolean }>({
    message: null,
    open: false,
  });

  if (query.isPending) return <PageLoader label="Loading the conversation" />;
  if (query.error instanceof ApiError && query.error.status === 404) {
    return <ConversationNotFound />;
  }
  if (!conversation) return <Text color="fg.error">{describeError(query.error)}</Text>;

  return (
    <Stack gap="4">
      <ConversationHeader conversation={conversation} />
      <MessageLog
        messages={messages}
        author={partyName(conversation)}
        earlier={query.hasNextPage}
        loadingEarlier={query.isFetchingNextPage}
        onEarlier={() => {
          void query.fetchNextPage().then((result) => {
            if (result.isError) notifyError(result.error);
          });
        }}
        onReport={(message) => setReporting({ message, open: true })}
      />
      <Composer conversation={conversation} />
      {reporting.message ? (
        <ReportDialog
          key={reporting.message._id}
          subject={{ type: 'message', id: reporting.message._id }}
          title={`Report a message from ${conversation.with.name}`}
          open={reporting.open}
          onClose={() => setReporting((current) => ({ ...current, open: false }))}
        />
      ) : null}
    </Stack>
  );
}
