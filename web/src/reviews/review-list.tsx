// A seller's reviews on their profile, newest first: each with its stars, its words, its author,
// the car they met over, when, and the seller's answer under it. The profile brings the newest;
// "Show more reviews" reads the rest a page at a time. Each review is the element
// `review-<id>`, where notifications and the Reports page link. A signed-in member other than
// its author may report a review; the seller answers an unanswered one of their own, once.
import { Box, Button, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { LuFlag, LuReply } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { getSellerReviews, type ReviewRecord, type SellerProfile } from '../api/endpoints.ts';
import { formatDate, formatDateEverywhere, formatDateTime } from '../components/dates.ts';
import { useHydrated } from '../components/use-hydrated.ts';
import { ReportButton } from '../moderation/report-dialog.tsx';
import { AnswerDialog } from './answer-dialog.tsx';
import { reviewElementId } from './links.ts';
import { Stars } from './stars.tsx';

/** How many reviews each further page of "Show more reviews" reads. */
const REVIEWS_PAGE = 20;

/**
 * A day in the reader's own words; on the server and while the browser takes its page over, in
 * the words the server wrote.
 */
function Day({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  return (
    <time dateTime={iso} title={hydrated ? formatDateTime(iso) : undefined}>
      {hydrated ? formatDate(iso) : formatDateEverywhere(iso)}
    </time>
  );
}

/** Who the reader is to a review: its seller may answer it, anyone but its author report it. */
export interface ReviewReader {
  /** The signed-in member's id; null for a visitor, or until their account is known. */
  id: string | null;
  /** Whether the profile is the reader's own. */
  seller: boolean;
}

function ReviewItem({
  review,
  sellerName,
  reader,
  targeted,
  onAnswer,
}: {
  review: ReviewRecord;
  sellerName: string;
  reader: ReviewReader;
  /** The review the address names (`#review-<id>`): it stands out. */
  targeted: boolean;
  onAnswer: () => void;
}) {
  const author = useId();
  const { buyer, car, answer } = review;
  const mayAnswer = reader.seller && answer === null;
  const mayReport = reader.id !== null && reader.id !== buyer._id;
  return (
    <Box
      as="li"
      id={reviewElementId(review._id)}
      aria-labelledby={author}
      borderWidth={targeted ? '2px' : '1px'}
      borderColor={targeted ? 'teal.solid' : 'border'}
      borderRadius="lg"
      p={{ base: '4', md: '5' }}
      scrollMarginTop="24"
    >
      <Stack gap="2">
        <HStack gap="3" justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap="1" minW="0">
            <Stars value={review.rating} size="sm" />
            <Text id={author} fontWeight="semibold" overflowWrap="anywhere">
              {buyer.name}
            </Text>
          </Stack>
          <Text fontSize="sm" color="fg.muted">
            <Day iso={review.posted_at} />
          </Text>
        </HStack>
        {review.text ? (
          <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
            {review.text}
          </Text>
        ) : null}
        <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
          Met for the{' '}
          <Link asChild colorPalette="teal">
            <RouterLink to={`/car/${encodeURIComponent(car._id)}`}>{car.name}</RouterLink>
          </Link>
        </Text>
        {answer ? (
          <Box
            bg="bg.muted"
            borderStartWidth="3px"
            borderColor="teal.solid"
            borderRadius="md"
            p="3"
          >
            <Text fontSize="sm" fontWeight="semibold">
              Answer from {sellerName} · <Day iso={answer.at} />
            </Text>
            <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
              {answer.text}
            </Text>
          </Box>
        ) : null}
        {mayAnswer || mayReport ? (
          <HStack gap="2" wrap="wrap">
            {mayAnswer ? (
              <Button size="sm" variant="outline" colorPalette="teal" onClick={onAnswer}>
                <LuReply /> Answer
                <Box as="span" srOnly>
                  {' '}
                  the review by {buyer.name}
                </Box>
              </Button>
            ) : null}
            {mayReport ? (
              <ReportButton
                subject={{ type: 'review', id: review._id }}
                title={`Report the review by ${buyer.name}`}
                colorPalette="gray"
              >
                <LuFlag /> Report
                <Box as="span" srOnly>
                  {' '}
                  the review by {buyer.name}
                </Box>
              </ReportButton>
            ) : null}
          </HStack>
        ) : null}
      </Stack>
    </Box>
  );
}

/** Each review once, in the order first seen: the profile's newest, then the pages read. */
const once = (reviews: ReviewRecord[]) => [
  ...new Map(reviews.map((review) => [review._id, review])).values(),
];

/** The profile's Reviews section: the reviews, Show more reviews, and the answer dialog. */
export function SellerReviews({
  profile,
  reader,
  targeted,
}: {
  profile: SellerProfile;
  reader: ReviewReader;
  /** The id of the review the address names, if any. */
  targeted: string | null;
}) {
  const heading = useId();
  // Read only once asked: the profile brings the newest reviews with it.
  const [more, setMore] = useState(false);
  const pages = useInfiniteQuery({
    queryKey: ['seller', profile._id, 'reviews'],
    queryFn: ({ pageParam }) => getSellerReviews(profile._id, pageParam, REVIEWS_PAGE),
    initialPageParam: 1,
    getNextPageParam: (last, all) =>
      all.length * REVIEWS_PAGE < last.total ? all.length + 1 : undefined,
    enabled: more,
  });
  const read = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const reviews = once([...profile.reviews, ...read]);
  // Asked, and the first page not read yet: on its way, or failed and asked again on a click.
  const waiting = more && pages.data === undefined;
  const hasMore =
    !more || waiting ? profile.rating.count > profile.reviews.length : pages.hasNextPage;
  const showMore = () => {
    if (!more) setMore(true);
    else if (waiting) void pages.refetch();
    else void pages.fetchNextPage();
  };
  // The review being answered stays while its dialog closes, so the dialog keeps its content.
  const [answering, setAnswering] = useState<{ review: ReviewRecord | null; open: boolean }>({
    review: null,
    open: false,
  });

  // A link to one review (a notification's) brings it into view once it is on the page.
  const shown = targeted !== null && reviews.some((review) => review._id === targeted);
  useEffect(() => {
    if (targeted !== null && shown) {
      document.getElementById(reviewElementId(targeted))?.scrollIntoView({ block: 'center' });
    }
  }, [targeted, shown]);

  return (
    <Stack as="section" aria-labelledby={heading} gap="4">
      <Heading id={heading} as="h2" size="xl">
        {`Reviews (${profile.rating.count})`}
      </Heading>
      {reviews.length === 0 ? (
        <Text color="fg.muted">No reviews yet.</Text>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
          {reviews.map((review) => (
            <ReviewItem
              key={review._id}
              review={review}
              sellerName={profile.name}
              reader={reader}
              targeted={review._id === targeted}
              onAnswer={() => setAnswering({ review, open: true })}
            />
          ))}
        </Stack>
      )}
      {hasMore ? (
        <Button
          variant="outline"
          alignSelf="flex-start"
          loading={(waiting && pages.isFetching) || pages.isFetchingNextPage}
          onClick={showMore}
        >
          Show more reviews
        </Button>
      ) : null}
      {answering.review ? (
        <AnswerDialog
          review={answering.review}
          open={answering.open}
          onClose={() => setAnswering((current) => ({ ...current, open: false }))}
          onExitComplete={() => setAnswering({ review: null, open: false })}
        />
      ) : null}
    </Stack>
  );
}
