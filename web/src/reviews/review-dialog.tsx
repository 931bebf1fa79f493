// The buyer's review of a seller they met: 1 to 5 stars and, if they wish, what they add. A
// booking is reviewed once, after the seller accepted it and its meetup's time has passed; the
// review shows on the seller's profile with the buyer's name and counts in the seller's average.
import { Box, Button, chakra, Dialog, Fieldset, HStack, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { type BookingRecord, optionalText, reviewStars } from '@second-gear/features/contract';
import { REVIEW_STARS, TEXT_MAX } from '@second-gear/features/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { LuStar } from 'react-icons/lu';
import { z } from 'zod';
import { postReview } from '../api/endpoints.ts';
import { ApiError } from '../api/http.ts';
import { CountedTextarea } from '../components/counted-textarea.tsx';
import { FormAlert } from '../components/form-alert.tsx';
import { applyFieldErrors } from '../components/form-errors.ts';
import { notifyError } from '../components/notify.ts';
import { useCommand } from '../components/use-command.ts';
import { FormDialog } from './form-dialog.tsx';
import { starCount } from './stars.tsx';

/** The booking reviewed: its id is the review's, its seller and car name the dialog's words. */
export type ReviewedBooking = Pick<BookingRecord, '_id' | 'seller' | 'product_name'>;

// The contract's rules for a review: whole stars within the rules' bounds (the radio buttons'
// values are text, and none chosen is null); the words optional, within their bound.
const reviewForm = z.object({
  rating: z.preprocess(
    (value) => (typeof value === 'string' && value !== '' ? Number(value) : undefined),
    reviewStars,
  ),
  text: optionalText(TEXT_MAX.review),
});
type ReviewForm = z.output<typeof reviewForm>;

/** The reads a review changes: the buyer's bookings, the seller's profile, their cars' ratings. */
const refreshed = [['bookings'], ['seller'], ['cars'], ['car']];

const choices = Array.from(
  { length: REVIEW_STARS.max - REVIEW_STARS.min + 1 },
  (_, index) => REVIEW_STARS.min + index,
);

/**
 * The stars as a radio group named "Rating": a radio button a star ("4 stars"), the stars up to
 * the one chosen (or pointed at) filled. The keyboard moves through them as through any radio
 * group.
 */
function StarChoice({
  field,
  chosen,
  error,
}: {
  field: UseFormRegisterReturn<'rating'>;
  chosen: number;
  error: string | undefined;
}) {
  const legend = useId();
  const [pointed, setPointed] = useState<number | null>(null);
  const shown = pointed ?? chosen;
  return (
    <Fieldset.Root
      role="radiogroup"
      aria-labelledby={legend}
      aria-required="true"
      invalid={Boolean(error)}
      gap="1"
    >
      <Fieldset.Legend id={legend} fontWeight="medium" fontSize="sm" color="fg">
        Rating
        <Box as="span" aria-hidden="true" color="fg.error" ms="1">
          *
        </Box>
      </Fieldset.Legend>
      <HStack gap="0.5" onMouseLeave={() => setPointed(null)}>
        {choices.map((stars) => (
          <Box
            as="label"
            key={stars}
            display="inline-flex"
            alignItems="center"
            justifyContent="center"
            boxSize={{ base: '11', md: '10' }}
            borderRadius="md"
            fontSize="2xl"
            cursor="pointer"
            color={stars <= shown ? 'orange.solid' : 'fg.subtle'}
            css={{
              '&:has(input:focus-visible)': {
                outline: '2px solid',
                outlineColor: 'teal.focusRing',
                outlineOffset: '1px',
              },
            }}
            onMouseEnter={() => setPointed(stars)}
          >
            <chakra.input type="radio" srOnly value={String(stars)} {...field} />
            <LuStar size="1em" fill={stars <= shown ? 'currentColor' : 'none'} aria-hidden="true" />
            <Box as="span" srOnly>
              {starCount(stars)}
            </Box>
          </Box>
        ))}
        {chosen > 0 ? (
          <Text as="span" ms="2" color="fg.muted" aria-hidden="true">
            {chosen} / {REVIEW_STARS.max}
          </Text>
        ) : null}
      </HStack>
      {error ? <Fieldset.ErrorText>{error}</Fieldset.ErrorText> : null}
    </Fieldset.Root>
  );
}

function ReviewFormBody({ booking, onDone }: { booking: ReviewedBooking; onDone: () => void }) {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm({ resolver: zodResolver(reviewForm), defaultValues: { text: '' } });
  const post = useCommand<ReviewForm>({
    run: ({ rating, text }) =>
      postReview({ bookingId: booking._id, rating, ...(text === undefined ? {} : { text }) }),
    success: "Thanks: your review is on the seller's profile.",
    invalidate: refreshed,
    onSuccess: onDone,
    onError: (error) => {
      // Reviewed already, or not open to a review yet: the list is read again to show which.
      if (error instanceof ApiError && error.status === 409) {
        notifyError(error);
        void queryClient.invalidateQueries({ queryKey: ['bookings'] });
        onDone();
      } else {
        applyFieldErrors(error, setError, ['rating', 'text']);
      }
      return true;
    },
  });
  const text = watch('text');
  const chosen = Number(watch('rating')) || 0;
  return (
    <form noValidate onSubmit={handleSubmit((values) => post.mutate(values))}>
      <Stack gap="4">
        <Dialog.Description>
          How was your meetup for the {booking.product_name}? Your name and review show on{' '}
          {booking.seller}'s profile.
        </Dialog.Description>
        <StarChoice field={register('rating')} chosen={chosen} error={errors.rating?.message} />
        <CountedTextarea
          label="Your review"
          limit={TEXT_MAX.review}
          length={typeof text === 'string' ? text.length : 0}
          hint="Optional: what went well, or what did not."
          error={errors.text?.message}
          {...register('text')}
        />
        <FormAlert message={errors.root?.server?.message} />
        <Stack direction={{ base: 'column-reverse', sm: 'row' }} gap="3" justify="flex-end">
          <Button variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="teal" loading={post.isPending}>
            Post review
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}

/** "Review Sam Seller": the buyer's stars and words on the seller of `booking`. */
export function ReviewSellerDialog({
  booking,
  open,
  onClose,
  onExitComplete,
}: {
  booking: ReviewedBooking;
  open: boolean;
  onClose: () => void;
  onExitComplete?: () => void;
}) {
  return (
    <FormDialog
      title={`Review ${booking.seller}`}
      open={open}
      onClose={onClose}
      onExitComplete={onExitComplete}
    >
      <ReviewFormBody booking={booking} onDone={onClose} />
    </FormDialog>
  );
}
