// Who sells the car: their name, linking to their profile, their rating from buyers who met them
// ("New seller · no reviews yet" before the first), and Message seller.
import { HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { CarRecord } from '@second-gear/features/contract';
import { Link as RouterLink } from 'react-router-dom';
import { MessageSeller } from '../../messages/message-seller.tsx';
import { sellerPath } from '../../reviews/links.ts';
import { CompactRating } from '../../reviews/stars.tsx';

/** `offMarket`: a car held off the market takes no new message. */
export function SellerCard({ car, offMarket }: { car: CarRecord; offMarket: boolean }) {
  return (
    <Stack gap="3" borderWidth="1px" borderRadius="lg" p="4">
      <HStack gap="2" align="baseline" wrap="wrap">
        <Text fontWeight="semibold">Seller:</Text>
        <Link asChild colorPalette="teal" fontWeight="semibold" overflowWrap="anywhere">
          <RouterLink to={sellerPath(car.seller_id)}>{car.seller_name}</RouterLink>
        </Link>
        {car.seller_rating.count > 0 ? (
          <CompactRating rating={car.seller_rating} />
        ) : (
          <Text color="fg.muted">New seller · no reviews yet</Text>
        )}
      </HStack>
      {offMarket ? null : <MessageSeller car={car} />}
    </Stack>
  );
}
