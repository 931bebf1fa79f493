import {
  Badge,
  Box,
  Button,
  Grid,
  Heading,
  HStack,
  Link,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import type { CarRecord } from '@second-gear/features/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LuFlag } from 'react-icons/lu';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { getPriceHistory } from '../api/endpoints.ts';
import { ApiError } from '../api/http.ts';
import { carQuery } from '../api/queries.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { droppedFrom } from '../components/car-card.tsx';
import {
  formatMileage,
  formatMoney,
  formatYearsOfUse,
  fuelLabels,
  listedAgo,
  savingOf,
  transmissionLabels,
} from '../components/car-facts.ts';
import { DealLine } from '../components/deal-rating.tsx';
import { usePageTitle } from '../components/page-title.ts';
import { FavouriteButton } from '../favourites/favourite-button.tsx';
import { MessageSeller, sameEmail } from '../messages/message-seller.tsx';
import { OffMarketNotice } from '../moderation/off-market.tsx';
import { ReportButton } from '../moderation/report-dialog.tsx';
import { sellerPath } from '../reviews/links.ts';
import { CompactRating } from '../reviews/stars.tsx';
import { BookingDialog } from './booking-dialog.tsx';
import { CarGallery } from './car-gallery.tsx';
import NotFoundPage from './not-found.tsx';
import { PriceHistory } from './price-history.tsx';

/** The two columns of the car page: the pictures, then the facts (one above the other on phones). */
const columns = { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' };

/**
 * The car page's shape while the car loads: the picture's box in its proportions, the name, the
 * price lines and the buttons, and at least the screen's height, so nothing below moves up and
 * down as the car arrives.
 */
function CarSkeleton() {
  return (
    <Grid templateColumns={columns} gap="10" alignItems="start" minH="calc(100dvh - 8rem)">
      <VisuallyHidden role="status">Loading the car</VisuallyHidden>
      <Skeleton aspectRatio={4 / 3} borderRadius="xl" aria-hidden="true" />
      <Stack gap="4" aria-hidden="true">
        <Skeleton h="10" w="70%" />
        {['40%', '55%', '50%', '45%', '50%', '40%'].map((w, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
          <Skeleton key={index} h="6" w={w} />
        ))}
        <HStack gap="3" pt="4">
          <Skeleton h={{ base: '11', md: '10' }} w="28" />
          <Skeleton h={{ base: '11', md: '10' }} w="36" />
        </HStack>
      </Stack>
    </Grid>
  );
}

function Line({ label, value }: { label: string; value: string }) {
  return (
    <HStack gap="2" align="baseline">
      <Text fontWeight="semibold">{label}:</Text>
      <Text>{value}</Text>
    </HStack>
  );
}

/**
 * "Seller: Sam Seller ★ 4.6 (12)": the seller's name links to their profile, with their rating,
 * or "New seller · no reviews yet".
 */
function SellerLine({ car }: { car: CarRecord }) {
  return (
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
  );
}

/** What the page says of the car: seller, prices (and what a buyer saves), and its details. */
function CarFacts({ car }: { car: CarRecord }) {
  const dropped = droppedFrom(car);
  const saving = savingOf(car);
  return (
    <>
      <SellerLine car={car} />
      <Line label="Original Price" value={formatMoney(car.original_price)} />
      <Line label="Sale Price" value={formatMoney(car.price)} />
      <DealLine car={car} />
      {saving !== undefined ? (
        <Text color="green.fg" fontWeight="semibold">
          Save {formatMoney(saving)}
        </Text>
      ) : null}
      {dropped !== undefined ? (
        <Text color="green.fg" fontWeight="semibold">
          Price dropped from {formatMoney(dropped)}
        </Text>
      ) : null}
      <Line label="Location" value={car.location} />
      <Line label="Years of Use" value={formatYearsOfUse(car.use)} />
      <Line label="Category" value={car.category} />
      <Text fontSize="sm" color="fg.muted">
        {listedAgo(car.listed_at)}
      </Text>
      {car.make !== undefined ? <Line label="Make" value={car.make} /> : null}
      {car.model !== undefined ? <Line label="Model" value={car.model} /> : null}
      {car.year !== undefined ? <Line label="Year" value={String(car.year)} /> : null}
      {car.mileage !== undefined ? (
        <Line label="Mileage" value={formatMileage(car.mileage)} />
      ) : null}
      {car.fuel !== undefined ? <Line label="Fuel" value={fuelLabels[car.fuel]} /> : null}
      {car.transmission !== undefined ? (
        <Line label="Gearbox" value={transmissionLabels[car.transmission]} />
      ) : null}
      {car.description !== undefined ? (
        <Box as="section" aria-labelledby="car-description" pt="2">
          <Heading id="car-description" as="h2" size="md" mb="2">
            Description
          </Heading>
          <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
            {car.description}
          </Text>
        </Box>
      ) : null}
    </>
  );
}

/** "Report this car", for anyone but its seller (a visitor is asked to sign in first). */
function ReportCar({ car }: { car: CarRecord }) {
  const { status, user } = useAuth();
  const email = user?.email ?? '';
  if (status === 'signed-in' && email !== '' && sameEmail(car.email, email)) return null;
  return (
    <ReportButton
      subject={{ type: 'car', id: car._id }}
      title={`Report ${car.name}`}
      alignSelf="flex-start"
      colorPalette="gray"
    >
      <LuFlag /> Report this car
    </ReportButton>
  );
}

/**
 * Book Now while the car is free, Message seller and the way back to the cars. A car off the
 * market (and not sold) says why instead, and can be neither booked nor asked about.
 */
function CarActions({ car }: { car: CarRecord }) {
  const [booking, setBooking] = useState(false);
  const { settled } = useAuth();
  const sold = car.sold === 1;
  const booked = car.booked === 1;
  const offMarket = sold ? undefined : car.off_market;
  return (
    <>
      {offMarket ? <OffMarketNotice reason={offMarket} /> : null}
      <HStack gap="3" pt="4" wrap="wrap">
        {offMarket ? null : sold ? (
          <Button disabled colorPalette="gray">
            Sold
          </Button>
        ) : booked ? (
          <Button disabled colorPalette="gray">
            Already Booked
          </Button>
        ) : (
          // A click waits for the session: a member is not asked to sign in.
          <Button colorPalette="teal" disabled={!settled} onClick={() => setBooking(true)}>
            Book Now
          </Button>
        )}
        {offMarket ? null : <MessageSeller car={car} />}
        <Button asChild variant="outline">
          <RouterLink to="/products">See Others Cars</RouterLink>
        </Button>
      </HStack>
      <ReportCar car={car} />
      {booked || sold || offMarket ? null : (
        <BookingDialog car={car} open={booking} onClose={() => setBooking(false)} />
      )}
    </>
  );
}

export default function CarDetailPage() {
  const id = useParams().id ?? '';
  const { data: car, isPending, error } = useQuery(carQuery(id));
  // The chart is a help beside the car: without it the page still says all it must.
  const history = useQuery({
    queryKey: ['car', id, 'price-history'],
    queryFn: () => getPriceHistory(id),
    enabled: car !== undefined,
    meta: { quiet: true },
  });
  usePageTitle(car?.name);

  if (isPending) return <CarSkeleton />;
  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />;
  if (!car) return <Text color="fg.error">The car could not be loaded.</Text>;

  const sold = car.sold === 1;
  const booked = car.booked === 1;
  // minmax(0, …): the thumbnails' row scrolls inside its column rather than widening it.
  return (
    <Grid templateColumns={columns} gap="10" alignItems="start">
      <CarGallery
        key={car.images.join('\n')}
        name={car.name}
        images={car.images.length > 0 ? car.images : [car.image]}
      />
      <Stack gap="4">
        <HStack gap="3" wrap="wrap">
          <Heading as="h1" size="3xl">
            {car.name}
          </Heading>
          {sold ? (
            <Badge colorPalette="red" size="lg" variant="solid">
              Sold
            </Badge>
          ) : booked ? (
            <Badge colorPalette="orange">Booked</Badge>
          ) : null}
          <FavouriteButton car={car} variant="outline" />
        </HStack>
        <CarFacts car={car} />
        <PriceHistory points={history.data?.items ?? []} />
        <CarActions car={car} />
      </Stack>
    </Grid>
  );
}
