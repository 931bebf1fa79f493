import { Badge, Box, HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { ConversationRecord } from '@second-gear/features/contract';
import { Link as RouterLink } from 'react-router-dom';
import { CarPicture } from '../components/car-picture.tsx';
import { formatAgo, formatDateTime } from '../components/dates.ts';
import { partyName } from './conversation-header.tsx';

/** The last message's first line, "You: " before the reader's own; "Message removed" when gone. */
export function lastLine({ text, mine }: ConversationRecord['last_message']): string {
  const first = text.trim().split(/\r\n|\n|\r/)[0] ?? '';
  if (first === '') return 'Message removed';
  return mine ? `You: ${first}` : first;
}

/** One conversation of the inbox, a link to it: its car, whom, the last word, when, unread. */
export function ConversationRow({ conversation }: { conversation: ConversationRecord }) {
  const { product, last_message: last, unread } = conversation;
  const bold = unread > 0 ? 'semibold' : 'normal';
  return (
    <Box as="li" listStyleType="none">
      <Link
        asChild
        display="flex"
        gap="3"
        alignItems="center"
        py="3"
        px="2"
        borderRadius="md"
        color="fg"
        _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
      >
        <RouterLink to={`/user/messages/${conversation._id}`}>
          <CarPicture
            src={product.image}
            alt=""
            sizes="4rem"
            w={{ base: '14', md: '16' }}
            flexShrink={0}
            borderRadius="md"
          />
          <Stack gap="0.5" flex="1" minW="0">
            <HStack justify="space-between" gap="2" align="baseline">
              <Text fontWeight={unread > 0 ? 'bold' : 'semibold'} truncate>
                {product.name}
              </Text>
              <Text asChild fontSize="xs" color="fg.muted" flexShrink={0}>
                <time dateTime={last.at} title={formatDateTime(last.at)}>
                  {formatAgo(last.at)}
                </time>
              </Text>
            </HStack>
            <Text fontSize="sm" color="fg.muted" truncate>
              {partyName(conversation)}
            </Text>
            <HStack justify="space-between" gap="2">
              <Text
                fontSize="sm"
                truncate
                fontWeight={bold}
                fontStyle={last.text.trim() === '' ? 'italic' : 'normal'}
              >
                {lastLine(last)}
              </Text>
              {unread > 0 ? (
                <Badge colorPalette="red" variant="solid" borderRadius="full" flexShrink={0}>
                  {unread}
                  <Box as="span" srOnly>
                    {' unread'}
                  </Box>
                </Badge>
              ) : null}
            </HStack>
          </Stack>
        </RouterLink>
      </Link>
    </Box>
  );
}
