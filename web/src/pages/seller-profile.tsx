// A seller's public profile: what a buyer weighs before meeting them. Since when they are a
// member, their rating, how many meetups they accepted and how they answer messages, their cars
// for sale, and their reviews with their answers. Rendered by the server like a car's page.
import {
  Avatar,
  Box,
  Flex,
  Heading,
  HStack,
  Skeleton,
  SkeletonCircle,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import type { SellerRating } from '@second-gear/features/contract';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { LuHandshake, LuMessageCircle } from 'react-icons/lu';
import { useLocation, useParams } from 'react-router-dom';
import type { SellerProfile } from '../api/endpoints.ts';
import { ApiError, describeError } from '../api/http.ts';
import { sellerQuery } from '../api/queries.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { useUserRecord } from '../auth/use-user-record.ts';
import { CarGrid, CarGridSkeleton } from '../components/car-grid.tsx';
import { formatMonthYear } from '../components/dates.ts';
import { usePageTitle } from '../components/page-title.ts';
import { useHydrated } from '../components/use-hydrated.ts';
import { SellerReviews } from '../reviews/review-list.tsx';
import { averageOf, formatStars, reviewCount, Stars } from '../reviews/stars.tsx';
import NotFoundPage from './not-found.tsx';

/** "1 meetup accepted", "8 meetups accepted". */
const meetupsAccepted = (count: number) =>
  `${count} ${count === 1 ? 'meetup' : 'meetups'} accepted`;

const MINUTES_A_DAY = 24 * 60;

/** How soon, rounded up to the unit it reads in: "a minute", "20 minutes", "2 hours", "3 days". */
const soon = (minutes: number) => {
  if (minutes <= 1) return 'a minute';
  if (minutes < 60) return `${Math.ceil(minutes)} minutes`;
  if (minutes < MINUTES_A_DAY) {
    const hours = Math.ceil(minutes / 60);
    return hours === 1 ? 'an hour' : `${hours} hours`;
  }
  const days = Math.ceil(minutes / MINUTES_A_DAY);
  return days === 1 ? 'a day' : `${days} days`;
};

/**
 * "Answers 90% of messages, usually within 2 hours": of the conversations buyers opened, the
 * share the seller wrote in, and the median time to their first answer; that they have not
 * answered yet when they wrote in none. Undefined before any buyer wrote to them.
 */
const answerHabit = ({ answered_share, median_answer_minutes }: SellerProfile['answers']) => {
  if (answered_share === null) return undefined;
  if (answered_share === 0) return 'Has not answered messages yet';
  const share = `Answers ${Math.round(answered_share * 100)}% of messages`;
  return median_answer_minutes === null
    ? share
    : `${share}, usually within ${soon(median_answer_minutes)}`;
};

/** The stars and "4.6 · 12 reviews", or "No reviews yet". */
function RatingSummary({ rating }: { rating: SellerRating }) {
  const average = averageOf(rating);
  if (average === null) return <Text color="fg.muted">No reviews yet</Text>;
  return (
    <HStack gap="2" wrap="wrap">
      <Stars value={average} size="lg" />
      <Text fontWeight="semibold">{`${formatStars(average)} · ${reviewCount(rating.count)}`}</Text>
    </HStack>
  );
}

/** Who the seller is: picture, name, since when, rating, meetups, and how they answer. */
function ProfileHeader({ profile }: { profile: SellerProfile }) {
  const habit = answerHabit(profile.answers);
  return (
    <Flex gap={{ base: '4', md: '6' }} align={{ base: 'flex-start', sm: 'center' }}>
      <Avatar.Root size={{ base: 'xl', md: '2xl' }} flexShrink={0}>
        <Avatar.Fallback name={profile.name} />
        {profile.photo_url ? <Avatar.Image src={profile.photo_url} alt="" /> : null}
      </Avatar.Root>
      <Stack gap="2" minW="0">
        <Stack gap="0.5">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} overflowWrap="anywhere">
            {profile.name}
          </Heading>
          <Text color="fg.muted">Member since {formatMonthYear(profile.member_since)}</Text>
        </Stack>
        <RatingSummary rating={profile.rating} />
        <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
          <HStack as="li" gap="2">
            <Box as="span" color="teal.fg" aria-hidden="true">
              <LuHandshake />
            </Box>
            <Text>{meetupsAccepted(profile.meetups_accepted)}</Text>
          </HStack>
          {habit ? (
            <HStack as="li" gap="2">
              <Box as="span" color="teal.fg" aria-hidden="true">
                <LuMessageCircle />
              </Box>
              <Text>{habit}</Text>
            </HStack>
          ) : null}
        </Stack>
      </Stack>
    </Flex>
  );
}

/** "Cars for sale (N)": the newest of them as cards. */
function CarsForSale({ profile }: { profile: SellerProfile }) {
  const heading = useId();
  const { cars, cars_for_sale: total } = profile;
  return (
    <Stack as="section" aria-labelledby={heading} gap="4">
      <Heading id={heading} as="h2" size="xl">
        {`Cars for sale (${total})`}
      </Heading>
      {cars.length === 0 ? (
        <Text color="fg.muted">No cars for sale right now.</Text>
      ) : (
        <CarGrid cars={cars} sellerRating={false} />
      )}
      {total > cars.length ? (
        <Text fontSize="sm" color="fg.muted">
          The {cars.length} newest of them.
        </Text>
      ) : null}
    </Stack>
  );
}

/** The profile's shape while it loads, so nothing below moves as it arrives. */
function ProfileSkeleton() {
  return (
    <Stack gap={{ base: '8', md: '10' }}>
      <VisuallyHidden role="status">Loading the seller</VisuallyHidden>
      <Flex gap={{ base: '4', md: '6' }} align="center" aria-hidden="true">
        <SkeletonCircle size={{ base: '16', md: '24' }} flexShrink={0} />
        <Stack gap="2" flex="1">
          <Skeleton h="9" w="50%" />
          <Skeleton h="5" w="35%" />
          <Skeleton h="6" w="40%" />
          <Skeleton h="5" w="45%" />
        </Stack>
      </Flex>
      <Stack gap="4" aria-hidden="true">
        <Skeleton h="8" w="10rem" />
        <Skeleton h="28" />
      </Stack>
      <Stack gap="4">
        <Skeleton h="8" w="12rem" aria-hidden="true" />
        <CarGridSkeleton count={4} />
      </Stack>
    </Stack>
  );
}

/** The review the address names (`#review-<id>`, as notifications link), if any. */
const targetOf = (hash: string): string | null => {
  if (!hash.startsWith('#review-')) return null;
  try {
    return decodeURIComponent(hash.slice('#review-'.length));
  } catch {
    return null;
  }
};

export default function SellerProfilePage() {
  const id = useParams().id ?? '';
  const { data: profile, isPending, error } = useQuery(sellerQuery(id));
  const { status } = useAuth();
  const { data: me } = useUserRecord();
  const { hash } = useLocation();
  // The server never sees the address's `#`: the review it names stands out once the browser
  // has taken the page over, so that the first render is the server's.
  const hydrated = useHydrated();
  usePageTitle(profile?.name);

  if (isPending) return <ProfileSkeleton />;
  // An id no seller has, or none the API takes for an id.
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
    return <NotFoundPage />;
  }
  if (!profile) return <Text color="fg.error">{describeError(error)}</Text>;

  const reader = {
    id: status === 'signed-in' ? (me?._id ?? null) : null,
    seller: status === 'signed-in' && me !== undefined && me._id === profile._id,
  };
  return (
    <Stack gap={{ base: '8', md: '10' }}>
      <ProfileHeader profile={profile} />
      {/* What buyers who met them say comes first: a phone reaches it before a column of cars. */}
      <SellerReviews
        profile={profile}
        reader={reader}
        targeted={hydrated ? targetOf(hash) : null}
      />
      <CarsForSale profile={profile} />
    </Stack>
  );
}
