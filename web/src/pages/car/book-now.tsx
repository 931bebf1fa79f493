// The car page's one action and what it leads to. Book Now opens the booking form while the car
// is free; a booked car shows "Already Booked", a sold one "Sold", and neither opens it; nor
// does the viewer's own car, or a car they have an open request for (theirs shows as such).
import { Box, Button, type ButtonProps, Stack, Text } from '@chakra-ui/react';
import type { CarRecord } from '@second-gear/features/contract';
import type { Viewer } from './own-booking.tsx';

/** Whether the viewer may open the booking form for the car now. */
export const mayBook = (car: CarRecord, viewer: Viewer): boolean =>
  car.sold !== 1 && car.booked !== 1 && !car.off_market && !viewer.own && !viewer.openBooking;

export function BookNowButton({
  car,
  viewer,
  onBook,
  ...props
}: { car: CarRecord; viewer: Viewer; onBook: () => void } & ButtonProps) {
  if (viewer.openBooking) {
    return (
      <Button disabled colorPalette="blue" variant="subtle" {...props}>
        {viewer.openBooking.status === 'accepted' ? 'Booking accepted' : 'Booking requested'}
      </Button>
    );
  }
  if (car.sold === 1) {
    return (
      <Button disabled colorPalette="gray" {...props}>
        Sold
      </Button>
    );
  }
  if (car.booked === 1) {
    return (
      <Button disabled colorPalette="gray" {...props}>
        Already Booked
      </Button>
    );
  }
  if (viewer.own) {
    return (
      <Button disabled colorPalette="gray" {...props}>
        Your car
      </Button>
    );
  }
  // A press waits for the session: a member is never asked to sign in.
  return (
    <Button colorPalette="teal" disabled={!viewer.settled} onClick={onBook} {...props}>
      Book Now
    </Button>
  );
}

/** What a booking is, beside Book Now: a request, nothing paid, an answer to wait for. */
export function WhatHappensNext() {
  return (
    <Stack gap="2" bg="bg.muted" borderRadius="lg" p="4" fontSize="sm">
      <Text fontWeight="semibold">What happens when you book</Text>
      <Box as="ol" ps="5" listStyleType="decimal" display="grid" gap="1">
        <li>You propose a meetup place and, if you like, a time.</li>
        <li>The seller accepts or declines; you are notified either way.</li>
        <li>Nothing is paid here: you see the car, and pay the seller if you buy it.</li>
      </Box>
    </Stack>
  );
}
