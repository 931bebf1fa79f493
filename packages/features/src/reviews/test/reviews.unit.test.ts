import { describe, it } from 'vitest';
import {
  actor,
  bookingParties,
  bookingRequested,
  carBooked,
  carListed,
  categoryCreated,
  registered,
  suv,
} from '../../../test/fixtures.ts';
import { given, on } from '../../../test/given.ts';
import { type Command, type DomainEvent, streams, TEXT_MAX } from '../../index.ts';

const met = '2026-11-20T10:00:00.000Z';
const after = '2026-11-21T10:00:00.000Z';
const before = '2026-11-19T10:00:00.000Z';
const booking = 'booking-car-1';

const market = [
  registered('ada', 'Admin'),
  registered('bob', 'Buyer'),
  registered('sam', 'Seller'),
  registered('sue', 'Seller'),
  categoryCreated(suv.categoryId, suv.name),
  carListed('car-1', 'sam'),
];
/** Bob booked Sam's car to meet at `met`, and Sam accepted. */
const accepted = (proposedTime: string | null = met): DomainEvent[] => [
  {
    ...carBooked('car-1', 'sam', 'bob'),
    data: { ...carBooked('car-1', 'sam', 'bob').data, proposedTime },
  } as DomainEvent,
  { type: 'BookingIdClaimed', data: { bookingId: booking, carId: 'car-1' } },
  { type: 'BookingAccepted', data: bookingParties('car-1', 'sam', 'bob') },
];
const parties = {
  reviewId: booking,
  bookingId: booking,
  carId: 'car-1',
  sellerId: 'sam',
  buyerId: 'bob',
};

const postReview = (by: string, rating = 5, text: string | null = null, at = after): Command => ({
  type: 'PostReview',
  actor: actor(by),
  data: { bookingId: booking, rating, text, at },
});
const posted = (rating = 5, text = ''): DomainEvent => ({
  type: 'ReviewPosted',
  data: { ...parties, rating, text },
});
const answer = (by: string, text = 'Thanks, drive safe'): Command => ({
  type: 'AnswerReview',
  actor: actor(by, 'Seller'),
  data: { reviewId: booking, text },
});

describe('PostReview', () => {
  it('takes the buyer’s stars and trimmed words once the accepted meetup’s time has passed', async () => {
    await given(market, accepted())
      .when(postReview('bob', 4, '  On time, car as described  '))
      .then(on(streams.review(booking), posted(4, 'On time, car as described')));
  });

  it('waits for the meetup’s time, and takes a meetup without a time once accepted', async () => {
    await given(market, accepted())
      .when(postReview('bob', 5, null, before))
      .thenThrows('conflict', 'meetup-not-passed');
    await given(market, accepted(null))
      .when(postReview('bob', 5, null, before))
      .then(on(streams.review(booking), posted(5)));
  });

  it('takes a meetup whose car was sold since, not one never accepted, declined or cancelled', async () => {
    const sold: DomainEvent = {
      type: 'BookingEnded',
      data: { ...bookingParties('car-1', 'sam', 'bob'), reason: 'car-sold' },
    };
    await given(market, accepted(), sold)
      .when(postReview('bob'))
      .then(on(streams.review(booking), posted()));
    await given(market, bookingRequested('car-1', 'sam', 'bob'))
      .when(postReview('bob'))
      .thenThrows('conflict', 'booking-not-met');
    const cancelled: DomainEvent = {
      type: 'BookingCancelled',
      data: { ...bookingParties('car-1', 'sam', 'bob'), by: 'buyer' },
    };
    await given(market, accepted(), cancelled)
      .when(postReview('bob'))
      .thenThrows('conflict', 'booking-not-met');
  });

  it('lets only the booking’s buyer review, once', async () => {
    await given(market, accepted())
      .when(postReview('sue'))
      .thenThrows('forbidden', 'not-booking-buyer');
    await given(market, accepted())
      .when(postReview('sam'))
      .thenThrows('forbidden', 'not-booking-buyer');
    await given(market, accepted(), posted())
      .when(postReview('bob', 1))
      .thenThrows('conflict', 'booking-reviewed');
    await given(market).when(postReview('bob')).thenThrows('not_found', 'booking-not-found');
  });

  it('refuses stars outside 1 to 5 or not whole, and words over the bound', async () => {
    for (const rating of [0, 6]) {
      await given(market, accepted())
        .when(postReview('bob', rating))
        .thenThrows('invalid', 'field-out-of-range');
    }
    await given(market, accepted())
      .when(postReview('bob', 3.5))
      .thenThrows('invalid', 'field-invalid');
    await given(market, accepted())
      .when(postReview('bob', 5, 'x'.repeat(TEXT_MAX.review + 1)))
      .thenThrows('invalid', 'field-out-of-range');
  });
});

describe('AnswerReview', () => {
  it('takes the reviewed seller’s answer, once', async () => {
    await given(market, accepted(), posted(2))
      .when(answer('sam'))
      .then(
        on(streams.review(booking), {
          type: 'ReviewAnswered',
          data: { ...parties, text: 'Thanks, drive safe' },
        }),
      );
    await given(market, accepted(), posted(2), {
      type: 'ReviewAnswered',
      data: { ...parties, text: 'Thanks' },
    })
      .when(answer('sam'))
      .thenThrows('conflict', 'review-answered');
  });

  it('refuses anyone else, a review that does not exist, and an empty answer', async () => {
    await given(market, accepted(), posted())
      .when(answer('sue'))
      .thenThrows('forbidden', 'not-review-seller');
    await given(market, accepted(), posted())
      .when(answer('bob'))
      .thenThrows('forbidden', 'not-review-seller');
    await given(market, accepted()).when(answer('sam')).thenThrows('not_found', 'review-not-found');
    await given(market, accepted(), posted())
      .when(answer('sam', '   '))
      .thenThrows('invalid', 'field-required');
  });
});

describe('reports and moderation of a review', () => {
  const subject = { type: 'review', id: booking } as const;
  const reportOf = (by: string): Command => ({
    type: 'FileReport',
    actor: actor(by),
    data: { reportId: `r-${by}`, subject, reason: 'offensive', details: null },
  });
  const filed: DomainEvent = {
    type: 'ReportFiled',
    data: {
      reportId: 'r-sam',
      subject,
      ownerId: 'bob',
      reporterId: 'sam',
      reason: 'offensive',
      details: null,
      conversationId: null,
      seq: null,
    },
  };
  const resolve = (action: 'hide-review' | 'restore-review' | 'hide-car'): Command => ({
    type: 'ResolveReports',
    actor: actor('ada', 'Admin'),
    data: { groupId: `review-${booking}`, action, reason: 'Insults' },
  });

  it('is reported by the seller, its author owning it; its author cannot report it', async () => {
    await given(market, accepted(), posted())
      .when(reportOf('sam'))
      .then(on(streams.reports(`review-${booking}`), filed));
    await given(market, accepted(), posted())
      .when(reportOf('bob'))
      .thenThrows('forbidden', 'own-report-subject');
    await given(market, accepted())
      .when(reportOf('sam'))
      .thenThrows('not_found', 'report-subject-not-found');
  });

  it('is hidden with its stars, so the average loses them, and shown again', async () => {
    const hidden: DomainEvent = {
      type: 'ReviewHidden',
      data: { ...parties, rating: 1, reason: 'Insults' },
    };
    await given(market, accepted(), posted(1), filed)
      .when(resolve('hide-review'))
      .then(
        on(streams.reports(`review-${booking}`), {
          type: 'ReportsResolved',
          data: {
            subject,
            ownerId: 'bob',
            reportIds: ['r-sam'],
            action: 'hide-review',
            reason: 'Insults',
            moderatorId: 'ada',
          },
        }),
        on(streams.review(booking), hidden),
      );
    await given(market, accepted(), posted(1), filed, hidden)
      .when(resolve('hide-review'))
      .thenThrows('conflict', 'review-already-hidden');
    await given(market, accepted(), posted(1), filed)
      .when(resolve('restore-review'))
      .thenThrows('conflict', 'review-not-hidden');
    await given(market, accepted(), posted(1), filed)
      .when(resolve('hide-car'))
      .thenThrows('invalid', 'action-not-for-subject');
  });
});
