import { describe, it } from 'vitest';
import {
  actor,
  carListed,
  categoryCreated,
  registered,
  suv,
  userDeleted,
} from '../../../test/fixtures.ts';
import { given, on } from '../../../test/given.ts';
import {
  type Command,
  conversationIdOf,
  type DomainEvent,
  type ModerationAction,
  messageIdOf,
  REPORTERS_TO_HIDE,
  type ReportReason,
  streams,
  TEXT_MAX,
} from '../../index.ts';

const market = [
  registered('ada', 'Admin'),
  registered('bob', 'Buyer'),
  registered('sam', 'Seller'),
  registered('sue', 'Seller'),
  categoryCreated(suv.categoryId, suv.name),
  carListed('car-1', 'sam'),
];
const carGroup = 'car-car-1';

const report = (
  by: string,
  subject: { type: 'car' | 'user' | 'message'; id: string },
  reason: ReportReason = 'scam',
  details: string | null = null,
): Command => ({
  type: 'FileReport',
  actor: actor(by),
  data: { reportId: `r-${by}`, subject, reason, details },
});
const filed = (
  by: string,
  subject: { type: 'car' | 'user' | 'message'; id: string },
  ownerId: string,
  extra: {
    reason?: ReportReason;
    details?: string | null;
    conversationId?: string;
    seq?: number;
  } = {},
): DomainEvent => ({
  type: 'ReportFiled',
  data: {
    reportId: `r-${by}`,
    subject,
    ownerId,
    reporterId: by,
    reason: extra.reason ?? 'scam',
    details: extra.details ?? null,
    conversationId: extra.conversationId ?? null,
    seq: extra.seq ?? null,
  },
});
const car1 = { type: 'car', id: 'car-1' } as const;
const resolve = (
  groupId: string,
  action: ModerationAction,
  reason = 'Checked the listing',
): Command => ({
  type: 'ResolveReports',
  actor: actor('ada', 'Admin'),
  data: { groupId, action, reason },
});
const resolved = (
  subject: { type: 'car' | 'user' | 'message'; id: string },
  ownerId: string,
  action: ModerationAction,
  reportIds: string[],
  reason = 'Checked the listing',
): DomainEvent => ({
  type: 'ReportsResolved',
  data: { subject, ownerId, reportIds, action, reason, moderatorId: 'ada' },
});

describe('FileReport', () => {
  it('files a report of a car, with its reason and trimmed details', async () => {
    await given(market)
      .when(report('bob', car1, 'wrong-details', '  The mileage is wrong  '))
      .then(
        on(
          streams.reports(carGroup),
          filed('bob', car1, 'sam', { reason: 'wrong-details', details: 'The mileage is wrong' }),
        ),
      );
  });

  it('takes one open report per reporter and subject, and another once it is settled', async () => {
    await given(market, filed('bob', car1, 'sam'))
      .when(report('bob', car1))
      .thenThrows('conflict', 'report-already-open');
    await given(market, filed('bob', car1, 'sam'), resolved(car1, 'sam', 'dismiss', ['r-bob']))
      .when(report('bob', car1))
      .then(on(streams.reports(carGroup), filed('bob', car1, 'sam')));
  });

  it('refuses a report of oneself or of what is one’s own, and of what does not exist', async () => {
    await given(market).when(report('sam', car1)).thenThrows('forbidden', 'own-report-subject');
    await given(market)
      .when(report('bob', { type: 'user', id: 'bob' }))
      .thenThrows('forbidden', 'own-report-subject');
    await given(market)
      .when(report('bob', { type: 'car', id: 'car-9' }))
      .thenThrows('not_found', 'report-subject-not-found');
    await given(market, userDeleted('sue'))
      .when(report('bob', { type: 'user', id: 'sue' }))
      .thenThrows('not_found', 'report-subject-not-found');
  });

  it('refuses details longer than the bound', async () => {
    await given(market)
      .when(report('bob', car1, 'other', 'x'.repeat(TEXT_MAX.reportDetails + 1)))
      .thenThrows('invalid', 'field-out-of-range');
  });

  it(`hides a listed car once ${REPORTERS_TO_HIDE} different people have open reports on it`, async () => {
    const hidden: DomainEvent = {
      type: 'CarHidden',
      data: {
        carId: 'car-1',
        sellerId: 'sam',
        reason: 'Reported by 3 people: hidden until a moderator reviews it.',
        by: 'reports',
      },
    };
    await given(market, filed('bob', car1, 'sam'), filed('sue', car1, 'sam'))
      .when(report('ada', car1))
      .then(
        on(streams.reports(carGroup), filed('ada', car1, 'sam')),
        on(streams.car('car-1'), hidden),
      );
    // Reports already dismissed do not count.
    await given(
      market,
      filed('bob', car1, 'sam'),
      filed('sue', car1, 'sam'),
      resolved(car1, 'sam', 'dismiss', ['r-bob', 'r-sue']),
    )
      .when(report('ada', car1))
      .then(on(streams.reports(carGroup), filed('ada', car1, 'sam')));
  });

  it('files a report of a message by its author, for a party of the conversation only', async () => {
    const conversationId = conversationIdOf('car-1', 'bob');
    const conversation: DomainEvent[] = [
      {
        type: 'ConversationStarted',
        data: {
          conversationId,
          carId: 'car-1',
          carName: 'Car car-1',
          sellerId: 'sam',
          sellerName: 'Sam Seller',
          buyerId: 'bob',
          buyerName: 'Bob Buyer',
        },
      },
      ...[1, 2].map(
        (seq): DomainEvent => ({
          type: 'MessageSent',
          data: {
            conversationId,
            messageId: messageIdOf(conversationId, seq),
            carId: 'car-1',
            senderId: seq === 1 ? 'bob' : 'sam',
            recipientId: seq === 1 ? 'sam' : 'bob',
            seq,
            text: seq === 1 ? 'Is it still there?' : 'Send the deposit by wire first',
            recipientUnread: 1,
          },
        }),
      ),
    ];
    const second = { type: 'message', id: messageIdOf(conversationId, 2) } as const;
    await given(market, conversation)
      .when(report('bob', second, 'scam'))
      .then(
        on(
          streams.reports(`message-${second.id}`),
          filed('bob', second, 'sam', { conversationId, seq: 2 }),
        ),
      );
    // Their own message, another's conversation, a place with no message, an id naming none.
    await given(market, conversation)
      .when(report('bob', { type: 'message', id: messageIdOf(conversationId, 1) }))
      .thenThrows('forbidden', 'own-report-subject');
    await given(market, conversation)
      .when(report('sue', second))
      .thenThrows('not_found', 'report-subject-not-found');
    for (const id of [messageIdOf(conversationId, 3), 'not-a-message-id']) {
      await given(market, conversation)
        .when(report('bob', { type: 'message', id }))
        .thenThrows('not_found', 'report-subject-not-found');
    }
  });
});

describe('ResolveReports', () => {
  const reported = [market, filed('bob', car1, 'sam'), filed('sue', car1, 'sam')];

  it('lets only an admin settle reports, with a reason', async () => {
    await given(reported)
      .when({ ...resolve(carGroup, 'dismiss'), actor: actor('bob') })
      .thenThrows('forbidden', 'admin-required');
    await given(reported)
      .when(resolve(carGroup, 'dismiss', '  '))
      .thenThrows('invalid', 'field-required');
    await given(reported)
      .when(resolve('car-car-9', 'dismiss'))
      .thenThrows('not_found', 'report-not-found');
  });

  it('dismisses every open report at once, and not twice', async () => {
    await given(reported)
      .when(resolve(carGroup, 'dismiss'))
      .then(on(streams.reports(carGroup), resolved(car1, 'sam', 'dismiss', ['r-bob', 'r-sue'])));
    await given(reported, resolved(car1, 'sam', 'dismiss', ['r-bob', 'r-sue']))
      .when(resolve(carGroup, 'dismiss'))
      .thenThrows('conflict', 'reports-resolved');
  });

  it('hides the car with the reason, and restores it later', async () => {
    const reason = 'The pictures are of another car';
    const hidden: DomainEvent = {
      type: 'CarHidden',
      data: { carId: 'car-1', sellerId: 'sam', reason, by: 'moderator' },
    };
    await given(reported)
      .when(resolve(carGroup, 'hide-car', reason))
      .then(
        on(
          streams.reports(carGroup),
          resolved(car1, 'sam', 'hide-car', ['r-bob', 'r-sue'], reason),
        ),
        on(streams.car('car-1'), hidden),
      );
    const after = [reported, resolved(car1, 'sam', 'hide-car', ['r-bob', 'r-sue'], reason), hidden];
    await given(after)
      .when(resolve(carGroup, 'restore-car', 'The seller sent the right pictures'))
      .then(
        on(
          streams.reports(carGroup),
          resolved(car1, 'sam', 'restore-car', [], 'The seller sent the right pictures'),
        ),
        on(streams.car('car-1'), {
          type: 'CarRestored',
          data: { carId: 'car-1', sellerId: 'sam', reason: 'The seller sent the right pictures' },
        }),
      );
    await given(reported)
      .when(resolve(carGroup, 'restore-car'))
      .thenThrows('conflict', 'car-not-hidden');
  });

  it('suspends the owner, refuses every write of theirs naming it, and lifts it', async () => {
    const reason = 'Asked buyers for deposits';
    const suspended: DomainEvent = { type: 'UserSuspended', data: { userId: 'sam', reason } };
    await given(reported)
      .when(resolve(carGroup, 'suspend-user', reason))
      .then(
        on(
          streams.reports(carGroup),
          resolved(car1, 'sam', 'suspend-user', ['r-bob', 'r-sue'], reason),
        ),
        on(streams.user('sam'), suspended),
      );
    await given(market, suspended)
      .when({ type: 'DeleteCar', actor: actor('sam', 'Seller'), data: { carId: 'car-1' } })
      .thenThrows('forbidden', 'account-suspended', /suspended \(Asked buyers for deposits\)/);
    // What a suspended user may still do: read, and leave.
    await given(market, suspended)
      .when({ type: 'ReadNotifications', actor: actor('sam', 'Seller'), data: { upTo: '7' } })
      .then(
        on(streams.member('sam'), {
          type: 'NotificationsRead',
          data: { userId: 'sam', upTo: '7' },
        }),
      );
    // Nobody books a suspended seller's car.
    await given(market, suspended)
      .when({
        type: 'BookCar',
        actor: actor('bob'),
        data: { carId: 'car-1', bookingId: 'b-1', buyerPhone: '555 0100', meetup: 'Station' },
      })
      .thenThrows('conflict', 'car-off-market');
    await given(
      reported,
      resolved(car1, 'sam', 'suspend-user', ['r-bob', 'r-sue'], reason),
      suspended,
    )
      .when(resolve(carGroup, 'lift-suspension', 'Explained and refunded'))
      .then(
        on(
          streams.reports(carGroup),
          resolved(car1, 'sam', 'lift-suspension', [], 'Explained and refunded'),
        ),
        on(streams.user('sam'), {
          type: 'UserSuspensionLifted',
          data: { userId: 'sam', reason: 'Explained and refunded' },
        }),
      );
  });

  it('suspends no admin, and hides only cars', async () => {
    const adaGroup = 'user-ada';
    await given(market, filed('bob', { type: 'user', id: 'ada' }, 'ada'))
      .when(resolve(adaGroup, 'suspend-user'))
      .thenThrows('conflict', 'admin-not-suspendable');
    await given(market, filed('bob', { type: 'user', id: 'sue' }, 'sue'))
      .when(resolve('user-sue', 'hide-car'))
      .thenThrows('invalid', 'action-not-for-subject');
  });
});
