import {
  Badge,
  Box,
  Button,
  Grid,
  Heading,
  HStack,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import type { CarRecord } from '@second-gear/features/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { LuArrowLeft, LuFlag } from 'react-icons/lu';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import { getPriceHistory } from '../../api/endpoints.ts';
import { ApiError } from '../../api/http.ts';
import { carQuery } from '../../api/queries.ts';
import { type ResultsState, resultsOf } from '../../components/car-card.tsx';
import { formatMoney, listedAgo } from '../../components/car-facts.ts';
import { usePageTitle } from '../../components/page-title.ts';
import { usePhone } from '../../components/use-media.ts';
import { FavouriteButton } from '../../favourites/favourite-button.tsx';
import { MessageSeller } from '../../messages/message-seller.tsx';
import { OffMarketNotice } from '../../moderation/off-market.tsx';
import { ReportButton } from '../../moderation/report-dialog.tsx';
import NotFoundPage from '../not-found.tsx';
import { BookNowButton, mayBook, WhatHappensNext } from './book-now.tsx';
import { BOOK_HASH, BookingDialog } from './booking-dialog.tsx';
import { CarGallery } from './car-gallery.tsx';
import { CarPrice } from './car-price.tsx';
import { CarSpecs } from './car-specs.tsx';
import { OwnBookingNotice, useViewer, type Viewer } from './own-booking.tsx';
import { PriceHistory } from './price-history.tsx';
import { SellerCard } from './seller-card.tsx';
import { ShareCar } from './share-car.tsx';
import { SimilarCars } from './similar-cars.tsx';

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

/** "Back to results", when the buyer came from a search: to that search, as they left it. */
function BackToResults() {
  const results = resultsOf(useLocation().state as ResultsState | null);
  if (results === undefined) return null;
  return (
    <Button asChild variant="ghost" size="sm" alignSelf="flex-start" ms="-3">
      <RouterLink to={results}>
        <LuArrowLeft /> Back to results
      </RouterLink>
    </Button>
  );
}

/** "Report this car", for anyone but its seller (a visitor is asked to sign in first). */
function ReportCar({ car, viewer }: { car: CarRecord; viewer: Viewer }) {
  if (viewer.own) return null;
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
 * Book Now and what a booking is while the car is free (the buyer's own request where they have
 * one), Share, and the way back to the cars. A car off the market (and not sold) says why
 * instead, and can be neither booked nor asked about.
 */
function CarActions({
  car,
  viewer,
  onBook,
}: {
  car: CarRecord;
  viewer: Viewer;
  onBook: () => void;
}) {
  const offMarket = car.sold === 1 ? undefined : car.off_market;
  return (
    <Stack gap="4">
      {offMarket ? <OffMarketNotice reason={offMarket} /> : null}
      {viewer.openBooking ? <OwnBookingNotice booking={viewer.openBooking} /> : null}
      <HStack gap="3" wrap="wrap">
        {offMarket ? null : <BookNowButton car={car} viewer={viewer} onBook={onBook} />}
        <ShareCar title={car.name} />
        <Button asChild variant="outline">
          <RouterLink to="/products">See Others Cars</RouterLink>
        </Button>
      </HStack>
      {mayBook(car, viewer) ? <WhatHappensNext /> : null}
    </Stack>
  );
}

/**
 * On a phone, the price, the heart, Book Now and Message stay at the foot of the screen while
 * the page scrolls; from `md` the page's own column shows them. Shown once the browser knows
 * the screen's width: a server's page has none, and a fixed bar moves nothing as it appears.
 */
function StickyBar({
  car,
  viewer,
  onBook,
}: {
  car: CarRecord;
  viewer: Viewer;
  onBook: () => void;
}) {
  const phone = usePhone();
  const onMarket = car.sold !== 1 && !car.off_market;
  // Rendered on a phone alone, so a screen reader meets the actions once.
  if (!phone) return null;
  return (
    <HStack
      position="fixed"
      insetX="0"
      bottom="0"
      zIndex="sticky"
      gap="2"
      px="4"
      py="2"
      bg="bg"
      borderTopWidth="1px"
      boxShadow="md"
      aria-label="Price and actions"
      role="region"
    >
      <Text fontSize="lg" fontWeight="bold" flex="1" whiteSpace="nowrap">
        {formatMoney(car.price)}
      </Text>
      <FavouriteButton car={car} variant="outline" />
      {onMarket ? <MessageSeller car={car} short /> : null}
      {car.off_market ? null : <BookNowButton car={car} viewer={viewer} onBook={onBook} />}
    </HStack>
  );
}

/**
 * Opens the booking form when the page's address asks for it (`#book`, where signing in from
 * the form returns), once the viewer is known and may book; the address then loses the ask.
 */
function useBookingAsked(car: CarRecord, viewer: Viewer, open: () => void) {
  const location = useLocation();
  const navigate = useNavigate();
  const asked = location.hash === BOOK_HASH && viewer.settled;
  const allowed = mayBook(car, viewer);
  useEffect(() => {
    if (!asked) return;
    if (allowed) open();
    navigate(
      { pathname: location.pathname, search: location.search },
      { replace: true, state: location.state },
    );
  }, [asked, allowed, open, navigate, location.pathname, location.search, location.state]);
}

function CarDetails({ car }: { car: CarRecord }) {
  const viewer = useViewer(car);
  const [booking, setBooking] = useState(false);
  // The chart is a help beside the car: without it the page still says all it must.
  const history = useQuery({
    queryKey: ['car', car._id, 'price-history'],
    queryFn: () => getPriceHistory(car._id),
    meta: { quiet: true },
  });
  const onBook = useCallback(() => setBooking(true), []);
  useBookingAsked(car, viewer, onBook);
  const offMarket = car.sold !== 1 && Boolean(car.off_market);
  // minmax(0, …): the thumbnails' row scrolls inside its column rather than widening it.
  return (
    <Grid templateColumns={columns} gap={{ base: '6', md: '10' }} alignItems="start">
      <CarGallery
        key={car.images.join('\n')}
        name={car.name}
        images={car.images.length > 0 ? car.images : [car.image]}
      />
      <Stack as="section" aria-labelledby="car-name" gap="5">
        <HStack gap="3" wrap="wrap">
          {/* A size under the price's, on a phone too: the price is the page's largest line. */}
          <Heading id="car-name" as="h1" size={{ base: '2xl', md: '3xl' }}>
            {car.name}
          </Heading>
          {car.sold === 1 ? (
            <Badge colorPalette="red" size="lg" variant="solid">
              Sold
            </Badge>
          ) : car.booked === 1 ? (
            <Badge colorPalette="orange">Booked</Badge>
          ) : null}
          <FavouriteButton car={car} variant="outline" />
        </HStack>
        <CarPrice car={car} />
        <CarSpecs car={car} />
        <Text fontSize="sm" color="fg.muted">
          {listedAgo(car.listed_at)}
        </Text>
        <CarActions car={car} viewer={viewer} onBook={onBook} />
        <SellerCard car={car} offMarket={offMarket} />
        {car.description !== undefined ? (
          <Box as="section" aria-labelledby="car-description">
            <Heading id="car-description" as="h2" size="md" mb="2">
              Description
            </Heading>
            <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
              {car.description}
            </Text>
          </Box>
        ) : null}
        <PriceHistory points={history.data?.items ?? []} />
        <ReportCar car={car} viewer={viewer} />
      </Stack>
      <StickyBar car={car} viewer={viewer} onBook={onBook} />
      {mayBook(car, viewer) ? (
        <BookingDialog car={car} open={booking} onClose={() => setBooking(false)} />
      ) : null}
    </Grid>
  );
}

export default function CarDetailPage() {
  const id = useParams().id ?? '';
  const { data: car, isPending, error } = useQuery(carQuery(id));
  usePageTitle(car?.name);

  if (isPending) return <CarSkeleton />;
  const missing = error instanceof ApiError && error.status === 404;
  return (
    // On a phone the sticky bar covers the page's last lines: room for it below them.
    <Stack gap="12" pb={{ base: car ? '20' : '0', md: '0' }}>
      <BackToResults />
      {car ? (
        <CarDetails car={car} />
      ) : missing ? (
        <NotFoundPage />
      ) : (
        <Text color="fg.error">The car could not be loaded.</Text>
      )}
      {car || missing ? <SimilarCars car={car} /> : null}
    </Stack>
  );
}
