// A seller's rating and a review's stars as every screen shows them: a row of stars read out as
// "4 out of 5 stars", the compact "★ 4.6 (12)" of a car's card and page, and their words. Cards
// are part of the first page: only types and the rules' bounds come from the contract here.
import { Box, HStack, Text, type TextProps } from '@chakra-ui/react';
import type { SellerRating } from '@second-gear/features/contract';
import { REVIEW_STARS } from '@second-gear/features/rules';
import { LuStar } from 'react-icons/lu';

/** An average as it is written: one decimal, "4.6", "5.0". */
export const formatStars = (average: number) => average.toFixed(1);

/** "1 review", "12 reviews". */
export const reviewCount = (count: number) => `${count} ${count === 1 ? 'review' : 'reviews'}`;

/** "1 star", "4 stars". */
export const starCount = (stars: number) => `${stars} ${stars === 1 ? 'star' : 'stars'}`;

/** What a screen reader says of stars: "4 out of 5 stars", "4.6 out of 5 stars". */
export const starsLabel = (value: number) => `${value} out of ${REVIEW_STARS.max} stars`;

/** "Seller rated 4.6 out of 5 from 12 reviews": the compact rating, read out. */
export const sellerRatingLabel = (average: number, count: number) =>
  `Seller rated ${formatStars(average)} out of ${REVIEW_STARS.max} from ${reviewCount(count)}`;

/** The rating's average, once there is a review to stand on. */
export const averageOf = (rating: SellerRating): number | null =>
  rating.count > 0 ? rating.average : null;

/** How much of the star at `position` (1 to 5) a value fills: 0 to 1. */
const fillOf = (value: number, position: number) => Math.min(1, Math.max(0, value - position + 1));

/**
 * A row of five stars filled up to `value` (a whole review's stars, or an average, its last star
 * filled in part), read out as "4 out of 5 stars".
 */
export function Stars({ value, size = 'md' }: { value: number; size?: 'sm' | 'md' | 'lg' }) {
  const fontSize = { sm: 'sm', md: 'md', lg: 'xl' }[size];
  const positions = Array.from({ length: REVIEW_STARS.max }, (_, index) => index + 1);
  return (
    <HStack as="span" role="img" aria-label={starsLabel(value)} gap="0.5" fontSize={fontSize}>
      {positions.map((position) => (
        <Box
          as="span"
          key={position}
          position="relative"
          display="inline-flex"
          boxSize="1em"
          color="fg.subtle"
        >
          <LuStar size="1em" aria-hidden="true" />
          <Box
            as="span"
            position="absolute"
            top="0"
            left="0"
            h="full"
            w={`${fillOf(value, position) * 100}%`}
            overflow="hidden"
            color="orange.solid"
          >
            <LuStar size="1em" fill="currentColor" aria-hidden="true" />
          </Box>
        </Box>
      ))}
    </HStack>
  );
}

/**
 * "★ 4.6 (12)", read out as "Seller rated 4.6 out of 5 from 12 reviews"; nothing for a seller
 * with no review yet.
 */
export function CompactRating({ rating, ...text }: { rating: SellerRating } & TextProps) {
  const average = averageOf(rating);
  if (average === null) return null;
  return (
    <Text
      as="span"
      role="img"
      aria-label={sellerRatingLabel(average, rating.count)}
      whiteSpace="nowrap"
      fontVariantNumeric="tabular-nums"
      {...text}
    >
      <Box as="span" color="orange.fg">
        ★
      </Box>{' '}
      <Box as="span" fontWeight="semibold">
        {formatStars(average)}
      </Box>{' '}
      <Box as="span" color="fg.muted">
        ({rating.count})
      </Box>
    </Text>
  );
}
