// Above a conversation: whom it is with, the car it is about (its picture, its name linking to
// its page, its price and whether it is sold, booked or deleted), and what the reader can do:
// book a meetup (a buyer, while the car is free), block the other party and report them.
import { Badge, Button, Flex, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { ConversationRecord } from '@second-gear/features/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LuFlag } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { carQuery } from '../api/queries.ts';
import { formatMoney } from '../components/car-facts.ts';
import { CarPicture } from '../components/car-picture.tsx';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { ReportButton } from '../moderation/report-dialog.tsx';
import { BookingDialog } from '../pages/car/booking-dialog.tsx';
import { useBlocking } from './use-conversation.ts';

type Car = ConversationRecord['product'];

/** "Sold", "Booked" or "Deleted", or nothing while the car is for sale. */
export function CarStateBadge({ car }: { car: Car }) {
  if (car.deleted) return <Badge colorPalette="gray">Deleted</Badge>;
  if (car.sold) return <Badge colorPalette="red">Sold</Badge>;
  if (car.booked) return <Badge colorPalette="orange">Booked</Badge>;
  return null;
}

/** The other party's name, and "(deleted account)" once they deleted theirs. */
export const partyName = (conversation: ConversationRecord) =>
  conversation.with.deleted
    ? `${conversation.with.name} (deleted account)`
    : conversation.with.name;

/** Book a meetup: the car page's booking form, once the car's record is read. */
function BookMeetup({ carId }: { carId: string }) {
  const [wanted, setWanted] = useState(false);
  const car = useQuery({ ...carQuery(carId), enabled: wanted });
  return (
    <>
      <Button
        size="sm"
        colorPalette="teal"
        loading={wanted && car.isPending}
        onClick={() => {
          setWanted(true);
          if (car.isError) void car.refetch();
        }}
      >
        Book a meetup
      </Button>
      {car.data ? (
        <BookingDialog car={car.data} open={wanted} onClose={() => setWanted(false)} />
      ) : null}
    </>
  );
}

/** Block the other party, after a question; they are unblocked from the writing box. */
function BlockAction({ conversation }: { conversation: ConversationRecord }) {
  const [asking, setAsking] = useState(false);
  const { block } = useBlocking(conversation, () => setAsking(false));
  const name = conversation.with.name;
  if (conversation.with.deleted || conversation.blocked_by_you) return null;
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        colorPalette="red"
        aria-label={`Block ${name}`}
        onClick={() => setAsking(true)}
      >
        Block
      </Button>
      <ConfirmDialog
        open={asking}
        busy={block.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => block.mutate(conversation._id)}
        title={`Block ${name}?`}
        description={`${name} will no longer be able to send you messages, in this conversation or any other, and you will not be able to write to them. You can unblock them later.`}
        confirmLabel="Block"
      />
    </>
  );
}

export function ConversationHeader({ conversation }: { conversation: ConversationRecord }) {
  const car = conversation.product;
  const bookable = conversation.role === 'buyer' && !car.sold && !car.booked && !car.deleted;
  return (
    <Flex gap="4" align="flex-start" wrap="wrap" borderBottomWidth="1px" pb="4">
      <CarPicture
        src={car.image}
        alt=""
        sizes="6rem"
        w={{ base: '20', md: '24' }}
        flexShrink={0}
        borderRadius="md"
      />
      <Stack gap="1" flex="1" minW="12rem">
        <Heading as="h1" size="xl" overflowWrap="anywhere">
          {partyName(conversation)}
        </Heading>
        <HStack gap="2" wrap="wrap">
          <Text>
            About{' '}
            {car.deleted ? (
              car.name
            ) : (
              <Link asChild colorPalette="teal" fontWeight="semibold">
                <RouterLink to={`/car/${car._id}`}>{car.name}</RouterLink>
              </Link>
            )}
          </Text>
          <Text color="fg.muted">{formatMoney(car.price)}</Text>
          <CarStateBadge car={car} />
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {conversation.role === 'buyer' ? 'You are the buyer' : 'You are the seller'}
        </Text>
      </Stack>
      <HStack gap="2" wrap="wrap">
        {bookable ? <BookMeetup carId={car._id} /> : null}
        <BlockAction conversation={conversation} />
        {conversation.with.deleted ? null : (
          <ReportButton
            subject={{ type: 'user', id: conversation.with._id }}
            title={`Report ${conversation.with.name}`}
            variant="outline"
            colorPalette="gray"
          >
            <LuFlag /> Report user
          </ReportButton>
        )}
      </HStack>
    </Flex>
  );
}
