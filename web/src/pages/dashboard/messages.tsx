import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { getConversations } from '../../api/endpoints.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { Pager } from '../../components/pager.tsx';
import { usePagedQuery } from '../../components/use-paged-query.ts';
import { ConversationRow } from '../../messages/conversation-row.tsx';
import { messageQueries } from '../../messages/message-queries.ts';

/** The inbox: the user's conversations, the latest message first, a page at a time. */
export default function MessagesPage() {
  usePageTitle('Messages');
  const email = useAuth().user?.email ?? '';
  const { data, isPending, isError, page, setPage } = usePagedQuery(
    messageQueries.list(email),
    (page) => getConversations(page),
    { enabled: email !== '' },
  );
  const unread = data?.unread ?? 0;

  return (
    <Stack gap="6">
      <Heading as="h1" size="3xl">
        Messages
      </Heading>
      {data && data.items.length > 0 ? (
        <Text color="fg.muted" aria-live="polite">
          {unread === 0
            ? 'All read.'
            : unread === 1
              ? '1 unread message'
              : `${unread} unread messages`}
        </Text>
      ) : null}
      {isPending ? (
        <PageLoader label="Loading your conversations" />
      ) : !data && isError ? (
        <Text color="fg.error">Your conversations could not be loaded.</Text>
      ) : !data || data.items.length === 0 ? (
        <Text color="fg.muted">No conversations yet. Message a seller from a car's page.</Text>
      ) : (
        <Box borderWidth="1px" borderRadius="lg" px="2" py="1">
          <Stack
            as="ul"
            gap="0"
            aria-label="Conversations"
            css={{ '& > li + li': { borderTopWidth: '1px' } }}
          >
            {data.items.map((conversation) => (
              <ConversationRow key={conversation._id} conversation={conversation} />
            ))}
          </Stack>
        </Box>
      )}
      {data ? <Pager page={page} total={data.total} onChange={setPage} /> : null}
    </Stack>
  );
}
