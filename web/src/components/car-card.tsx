import { Badge, Box, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import type { CarRecord } from '@second-gear/features/contract';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { FavouriteButton } from '../favourites/favourite-button.tsx';
import { CompactRating } from '../reviews/stars.tsx';
import { formatDistance, formatMoney, formatYearsOfUse, keyFacts, listedAgo } from './car-facts.ts';
import { CarPicture } from './car-picture.tsx';
import { DealBadge } from './deal-rating.tsx';

/** The price before the latest change, when that change lowered it. */
export const droppedFrom = ({
  price,
  previous_price,
}: Pick<CarRecord, 'price' | 'previous_price'>): number | undefined =>
  previous_price !== undefined && previous_price > price ? previous_price : undefined;

/** What a card says of its car: name, prices, place, distance, key facts, age and rating. */
function CardFacts({ car, sellerRating }: { car: CarRecord; sellerRating: boolean }) {
  const facts = keyFacts(car);
  return (
    <Card.Body gap="1" p={{ base: '3', sm: '6' }}>
      <Card.Title as="h3" fontSize={{ base: 'md', sm: 'lg' }} lineClamp={{ base: 2, sm: 'none' }}>
        {car.name}
      </Card.Title>
      <HStack gap={{ base: '2', sm: '3' }} wrap="wrap">
        <Text fontWeight="bold" color="teal.fg">
          {formatMoney(car.price)}
        </Text>
        <Text textDecoration="line-through" color="fg.muted" fontSize="sm">
          <Box as="span" srOnly>
            Original price{' '}
          </Box>
          {formatMoney(car.original_price)}
        </Text>
        {droppedFrom(car) !== undefined ? <Badge colorPalette="green">Price dropped</Badge> : null}
        <DealBadge car={car} />
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        {car.location} · {formatYearsOfUse(car.use)} of use
      </Text>
      {car.distanceKm === undefined ? null : (
        <Text fontSize="sm" fontWeight="medium" color="teal.fg">
          {formatDistance(car.distanceKm)}
        </Text>
      )}
      {facts.length > 0 ? <Text fontSize="sm">{facts.join(' · ')}</Text> : null}
      <HStack gap="2" justify="space-between" wrap="wrap">
        <Text fontSize="xs" color="fg.muted">
          {listedAgo(car.listed_at)}
        </Text>
        {sellerRating ? <CompactRating rating={car.seller_rating} fontSize="xs" /> : null}
      </HStack>
    </Card.Body>
  );
}

/** What a car's link carries from a search: the search's address, for "Back to results". */
export interface ResultsState {
  results?: string;
}

/** Whether a page is a search (All Cars or a category's, with its filters). */
const isSearch = (path: string) => path === '/products' || path.startsWith('/category/');

/** The search a car's page was opened from, if it was. */
export const resultsOf = (state: ResultsState | null): string | undefined => {
  const results = state?.results;
  return typeof results === 'string' && isSearch(results.split('?')[0] ?? '') ? results : undefined;
};

/**
 * A car's card; `priority` for a card of the first row, whose picture is fetched first; `sizes`
 * how wide its picture is in the grid it sits in. Its seller's rating ("★ 4.6 (12)") shares the
 * line of when it was listed, so it makes no card taller; `sellerRating` false leaves it out
 * where the seller is known already (their own profile). A car found near a place says how far
 * from it it is.
 */
export function CarCard({
  car,
  priority = false,
  sizes,
  sellerRating = true,
}: {
  car: CarRecord;
  priority?: boolean;
  sizes: string;
  sellerRating?: boolean;
}) {
  const { pathname, search } = useLocation();
  const state: ResultsState = isSearch(pathname) ? { results: pathname + search } : {};
  return (
    // One target: the See Details link covers the whole card (its ::after), and the heart sits
    // above it. On a phone the card is a row, its picture beside the text, so a screen holds
    // several; from `sm` the picture is on top.
    <Card.Root
      position="relative"
      overflow="hidden"
      variant="outline"
      h="full"
      flexDirection={{ base: 'row', sm: 'column' }}
      _hover={{ borderColor: 'border.emphasized' }}
    >
      <CarPicture
        src={car.image}
        alt={car.name}
        sizes={sizes}
        priority={priority}
        w={{ base: '40%', sm: 'full' }}
        flexShrink={0}
        alignSelf={{ base: 'flex-start', sm: 'stretch' }}
      >
        {car.sold === 1 ? (
          <Badge position="absolute" top="2" left="2" colorPalette="gray">
            Sold
          </Badge>
        ) : car.booked === 1 ? (
          <Badge position="absolute" top="2" left="2" colorPalette="orange">
            Booked
          </Badge>
        ) : null}
        <FavouriteButton
          car={car}
          size="sm"
          position="absolute"
          top={{ base: '1', sm: '2' }}
          right={{ base: '1', sm: '2' }}
          zIndex="1"
        />
      </CarPicture>
      <Stack gap="0" flex="1" minW="0">
        <CardFacts car={car} sellerRating={sellerRating} />
        <Card.Footer px={{ base: '3', sm: '6' }} pb={{ base: '3', sm: '6' }}>
          <Button
            asChild
            colorPalette="teal"
            size="sm"
            w={{ base: 'auto', sm: 'full' }}
            variant={{ base: 'plain', sm: 'solid' }}
            px={{ base: '0', sm: '3' }}
            minH={{ base: 'auto', sm: '11', md: 'auto' }}
            color={{ base: 'teal.fg', sm: 'teal.contrast' }}
            // The link's box is the whole card: a tap anywhere on it opens the car.
            _after={{ content: '""', position: 'absolute', inset: '0' }}
          >
            <RouterLink to={`/car/${car._id}`} state={state} style={{ position: 'static' }}>
              See Details
              <Box as="span" srOnly>
                {' '}
                of {car.name}
              </Box>
            </RouterLink>
          </Button>
        </Card.Footer>
      </Stack>
    </Card.Root>
  );
}
