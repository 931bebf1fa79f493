// Every call of the API the client makes, named after what it does. Each names its method and
// path as the services' OpenAPI documents do (./clients.ts), which type its parameters and body;
// the answers the screens see are the contract's types (`@second-gear/contracts`), which the
// documents' answers must fit. The legacy names (`/api/product`, `_id`, ...) appear only here and
// there.
import type {
  AuditChange,
  AuditEntry,
  AuditQuery,
  AuditState,
  AuditStateQuery,
  AuditSubjectParams,
  BookingRecord,
  CarFacetsAnswer,
  CarFilters,
  CarRecord,
  CategoryRecord,
  ConversationAnswer,
  ConversationRecord,
  MAX_PAGE_SIZE,
  NotificationRecord,
  OpsStatus,
  PricePoint,
  ReadRole,
  SavedSearchRecord,
  UNREAD_COUNT_HEADER,
  UNREAD_MESSAGES_HEADER,
  UserRecord,
  writeCalls,
} from '@second-gear/features/contract';
import type { z } from 'zod';
import { type CommandBody, commands, memberReads, publicReads } from './clients.ts';
import type { paths as CommandPaths } from './generated/commands.ts';
import type { operations as QueryOperations } from './generated/queries.ts';
import { answerOf, dataOf, identity, listOf, type Page, pageOf } from './http.ts';

export const PAGE_SIZE = 20;

const paging = (page: number, limit = PAGE_SIZE) => ({ page, limit });

/** The parameters of a call on one thing, named by its id in the path. */
const byId = (id: string) => ({ params: { path: { id } } });

// Users and sign-in
export const registerUser = (idToken: string, user: CommandBody<'registerUser'>) =>
  dataOf(commands.POST('/api/user', { body: user, ...identity(idToken) }));

export const exchangeToken = async (idToken: string, email: string) =>
  (
    await dataOf(
      publicReads.GET('/api/jwt', { params: { query: { email } }, ...identity(idToken) }),
    )
  ).accessToken;

export const getUser = (email: string): Promise<UserRecord> =>
  dataOf(memberReads.GET('/api/user/{email}', { params: { path: { email } } }));
/** Changes the signed-in user's own name, phone or picture (blank or null clears the last two). */
export const changeProfile = (changes: CommandBody<'changeProfile'>) =>
  dataOf(commands.PUT('/api/user/me', { body: changes }));
export const applyForSeller = () => dataOf(commands.POST('/api/user/seller'));
export const getUsers = (role: ReadRole | '', page: number): Promise<Page<UserRecord>> =>
  listOf(
    memberReads.GET('/api/users', {
      params: { query: { role: role || undefined, ...paging(page) } },
    }),
  );
export const promoteUser = (id: string) => dataOf(commands.PUT('/api/user/admin/{id}', byId(id)));
export const deleteUser = (id: string) => dataOf(commands.DELETE('/api/user/{id}', byId(id)));

// Categories
export const getCategories = (page = 1, limit = PAGE_SIZE): Promise<Page<CategoryRecord>> =>
  listOf(publicReads.GET('/api/categories', { params: { query: paging(page, limit) } }));
export const addCategory = (name: string) =>
  dataOf(commands.POST('/api/category', { body: { name } }));
export const deleteCategory = (id: string) =>
  dataOf(commands.DELETE('/api/category/{id}', byId(id)));

// Cars
export const getCar = (id: string): Promise<CarRecord> =>
  dataOf(publicReads.GET('/api/product/{id}', byId(id)));
/** Cars on a page of a search: the grid's 4 and 3 columns fill evenly. */
export const SEARCH_PAGE_SIZE = 24;

/**
 * The orders a search may ask for: those the query service's document lists. A sort the
 * contract knows before the document does is not asked for.
 */
export type CarSort = NonNullable<
  NonNullable<QueryOperations['listCars']['parameters']['query']>['sort']
>;

/** One page of a search, or of the plain list when it has no filter and no sort. */
export interface CarListRequest {
  filters: Omit<CarFilters, 'booked'>;
  sort?: CarSort | undefined;
  page?: number | undefined;
  cursor?: string | undefined;
  limit: number;
}

/** All cars (`GET /api/products`), or a category's (`GET /api/category/products/{name}`). */
export const searchCars = (
  { filters, sort, page, cursor, limit }: CarListRequest,
  category?: string,
): Promise<Page<CarRecord>> => {
  const query = { ...filters, sort, cursor, page, limit };
  return category === undefined
    ? listOf(publicReads.GET('/api/products', { params: { query } }))
    : listOf(
        memberReads.GET('/api/category/products/{name}', {
          params: { path: { name: category }, query },
        }),
      );
};

/** How many cars each choice of the filter panel would show (`GET /api/products/facets`). */
export const getCarFacets = (filters: Omit<CarFilters, 'booked'>): Promise<CarFacetsAnswer> =>
  dataOf(publicReads.GET('/api/products/facets', { params: { query: filters } }));
export const getAdvertisedCars = (): Promise<Page<CarRecord>> =>
  listOf(publicReads.GET('/api/products/advertise', { params: { query: paging(1) } }));
export const getSellerCars = (email: string, page: number): Promise<Page<CarRecord>> =>
  listOf(memberReads.GET('/api/products', { params: { query: { email, ...paging(page) } } }));

// Places
/** Up to 8 places whose name begins as typed ("Boul"), most populous first (`GET /api/places`). */
export const suggestPlaces = (q: string) =>
  dataOf(publicReads.GET('/api/places', { params: { query: { q } } }));
/** A suggested place: its label as a listing or a search writes it, and where it is. */
export type PlaceSuggestion = Awaited<ReturnType<typeof suggestPlaces>>[number];

// Market values
/** What cars like this are worth: the median price of comparable cars and the fair range. */
export const getMarketValue = (car: {
  make: string;
  model: string;
  year: number;
  mileage?: number;
}) => dataOf(publicReads.GET('/api/market-value', { params: { query: car } }));
export type MarketValueGuide = Awaited<ReturnType<typeof getMarketValue>>;

/**
 * What Add Product sends: the text of its inputs (a price as typed), which the server reads with
 * the contract's schema; the document describes the values that schema makes of them.
 */
type ListCarInput = z.input<(typeof writeCalls)['listCar']['body']>;
/** Held to a document's body by the names alone: none it requires missing, none it lacks. */
type SameFields<Sent, Doc> = { [K in keyof Doc]: unknown } & {
  [K in Exclude<keyof Sent, keyof Doc>]: never;
};
export const addCar = (car: ListCarInput) => {
  const body: SameFields<ListCarInput, CommandBody<'listCar'>> = car;
  return dataOf(commands.POST('/api/product', { body: body as CommandBody<'listCar'> }));
};

export const advertiseCar = (id: string) => dataOf(commands.PUT('/api/products/{id}', byId(id)));
/** Changes the fields given; the others stay as they are (a blank or null detail is cleared). */
export const editCar = (id: string, changes: CommandBody<'editCar'>) =>
  dataOf(commands.PATCH('/api/product/{id}', { ...byId(id), body: changes }));
export const markCarSold = (id: string) =>
  dataOf(commands.POST('/api/product/{id}/sold', byId(id)));
export const deleteCar = (id: string) => dataOf(commands.DELETE('/api/product/{id}', byId(id)));
/** Starts a new term of a car for sale, expired or not: back in search for another term. */
export const renewCar = (id: string) => dataOf(commands.POST('/api/product/{id}/renew', byId(id)));
/** The most a page of a list may hold (the contract's `MAX_PAGE_SIZE`, checked by type). */
const MOST: typeof MAX_PAGE_SIZE = 100;
/** The price when listed, then each change, oldest first: the first 100 points. */
export const getPriceHistory = (id: string): Promise<Page<PricePoint>> =>
  listOf(
    publicReads.GET('/api/product/{id}/price-history', {
      params: { path: { id }, query: paging(1, MOST) },
    }),
  );

type ImageUpload =
  CommandPaths['/api/images']['post']['requestBody']['content']['multipart/form-data'];

const formOf = (parts: Record<string, Blob>) => {
  const form = new FormData();
  for (const [name, part] of Object.entries(parts)) form.append(name, part);
  return form;
};

export async function uploadImage(file: File): Promise<string> {
  const parts = { image: file } satisfies Record<keyof ImageUpload, Blob>;
  const data = await dataOf(
    commands.POST('/api/images', {
      // The document types a file as a string (format: binary): it goes as a part of the form.
      body: parts as unknown as ImageUpload,
      bodySerializer: () => formOf(parts),
    }),
  );
  const url = data?.data?.url;
  if (!data?.success || !url) throw new Error('The picture could not be uploaded.');
  return url;
}

// Bookings
/** Asks to book a meetup, with the buyer's proposed time when they give one. */
export const bookCar = (booking: CommandBody<'bookCar'>) =>
  dataOf(commands.POST('/api/booking', { body: booking }));
export const acceptBooking = (id: string) =>
  dataOf(commands.POST('/api/booking/{id}/accept', byId(id)));
export const declineBooking = (id: string) =>
  dataOf(commands.POST('/api/booking/{id}/decline', byId(id)));
export const cancelBooking = (id: string) =>
  dataOf(commands.POST('/api/booking/{id}/cancel', byId(id)));
export const getSellerBookings = (email: string, page: number): Promise<Page<BookingRecord>> =>
  listOf(memberReads.GET('/api/bookings', { params: { query: { email, ...paging(page) } } }));
export const getBuyerBookings = (
  email: string,
  page: number,
  limit = PAGE_SIZE,
): Promise<Page<BookingRecord>> =>
  listOf(
    memberReads.GET('/api/bookings', {
      params: { query: { email, type: 'buyer', ...paging(page, limit) } },
    }),
  );

/** The buyer's bookings of one car, newest first: its page shows where their request stands. */
export const getBookingsOfCar = (email: string, carId: string): Promise<Page<BookingRecord>> =>
  listOf(
    memberReads.GET('/api/bookings', {
      params: { query: { email, type: 'buyer', product_id: carId, ...paging(1, 1) } },
    }),
  );

// Sellers' profiles and reviews

/** A seller's public profile: rating, meetups, how they answer, cars for sale, newest reviews. */
export const getSeller = (id: string) => dataOf(publicReads.GET('/api/sellers/{id}', byId(id)));
export type SellerProfile = Awaited<ReturnType<typeof getSeller>>;
/** A buyer's review of a seller they met, with the seller's answer. */
export type ReviewRecord = SellerProfile['reviews'][number];
/** A page of a seller's reviews, newest first (hidden ones left out). */
export const getSellerReviews = (
  id: string,
  page: number,
  limit = PAGE_SIZE,
): Promise<Page<ReviewRecord>> =>
  listOf(
    publicReads.GET('/api/sellers/{id}/reviews', {
      params: { path: { id }, query: paging(page, limit) },
    }),
  );
/** The buyer's review of the seller of a booking whose meetup has passed (once). */
export const postReview = (review: CommandBody<'postReview'>) =>
  dataOf(commands.POST('/api/reviews', { body: review }));
/** The reviewed seller's one answer to a review. */
export const answerReview = (id: string, text: string) =>
  dataOf(commands.POST('/api/reviews/{id}/answer', { ...byId(id), body: { text } }));

// Audit
export type AuditFilters = Pick<
  z.input<typeof AuditQuery>,
  'actor' | 'subject' | 'subjectType' | 'type'
>;

export const getAudit = (filters: AuditFilters, page: number): Promise<Page<AuditEntry>> =>
  listOf(memberReads.GET('/api/audit', { params: { query: { ...filters, ...paging(page) } } }));

/** Each projection and reactor: position, lag, parked events, failures (admins). */
export const getOpsStatus = (): Promise<OpsStatus> => dataOf(memberReads.GET('/api/ops/status'));

/** A car, user or category of the audit: its type and id. */
export type AuditSubject = AuditSubjectParams;
/** A moment of its past: a time, or the position of one of its events; now when empty. */
export type AuditMoment = z.input<typeof AuditStateQuery>;

/** The subject as it was at the moment, folded from its own events (admins). */
export const getAuditState = (subject: AuditSubject, moment: AuditMoment): Promise<AuditState> =>
  dataOf(
    memberReads.GET('/api/audit/state/{type}/{id}', { params: { path: subject, query: moment } }),
  );

/** What each of the subject's events changed, field by field, oldest first (admins). */
export const getAuditChanges = (subject: AuditSubject, page: number): Promise<Page<AuditChange>> =>
  listOf(
    memberReads.GET('/api/audit/changes/{type}/{id}', {
      params: { path: subject, query: paging(page) },
    }),
  );

// What a member keeps and hears: favourites, saved searches, notifications

/** Keeps a car as a favourite (`modifiedCount` 0: it was one already). */
export const favouriteCar = (id: string) => dataOf(commands.PUT('/api/favourites/{id}', byId(id)));
/** Lets a favourite go (`deletedCount` 0: it was not one). */
export const unfavouriteCar = (id: string) =>
  dataOf(commands.DELETE('/api/favourites/{id}', byId(id)));
/** The favourite cars, the latest kept first; sold ones too. */
export const getFavourites = (page: number): Promise<Page<CarRecord>> =>
  listOf(memberReads.GET('/api/favourites', { params: { query: paging(page) } }));
/** The id of every favourite car, for the hearts on the cards. */
export const getFavouriteIds = (): Promise<string[]> =>
  dataOf(memberReads.GET('/api/favourites/ids'));

/** Saves a search page's query (`make=Toyota&maxPrice=15000`) under a name. */
export const saveSearch = (search: CommandBody<'saveSearch'>) =>
  dataOf(commands.POST('/api/saved-searches', { body: search }));
export const deleteSavedSearch = (id: string) =>
  dataOf(commands.DELETE('/api/saved-searches/{id}', byId(id)));
export const getSavedSearches = (page: number): Promise<Page<SavedSearchRecord>> =>
  listOf(memberReads.GET('/api/saved-searches', { params: { query: paging(page) } }));

const unreadHeader: typeof UNREAD_COUNT_HEADER = 'X-Unread-Count';

/** A page of notifications, newest first, and how many of all of them are unread. */
export const getNotifications = async (
  page: number,
  limit = PAGE_SIZE,
): Promise<Page<NotificationRecord> & { unread: number }> => {
  const { data, headers } = await answerOf(
    memberReads.GET('/api/notifications', { params: { query: paging(page, limit) } }),
  );
  const unread = Number(headers.get(unreadHeader));
  return { ...pageOf(data, headers), unread: Number.isFinite(unread) && unread > 0 ? unread : 0 };
};
/** Marks the notifications read up to a position (the newest one seen), or all of them. */
export const readNotifications = (upTo?: string) =>
  dataOf(commands.POST('/api/notifications/read', { body: upTo === undefined ? {} : { upTo } }));

// Conversations between a car's buyer and its seller

const unreadMessagesHeader: typeof UNREAD_MESSAGES_HEADER = 'X-Unread-Messages';

/** A count header's value; 0 when absent or not a count. */
const countIn = (headers: Headers, name: string) => {
  const count = Number(headers.get(name));
  return Number.isFinite(count) && count > 0 ? count : 0;
};

/**
 * A page of the caller's conversations, the latest message first (only the one about `carId`
 * when given), and how many messages of all of them are unread.
 */
export const getConversations = async (
  page: number,
  limit = PAGE_SIZE,
  carId?: string,
): Promise<Page<ConversationRecord> & { unread: number }> => {
  const { data, headers } = await answerOf(
    memberReads.GET('/api/conversations', {
      params: { query: { ...paging(page, limit), carId } },
    }),
  );
  return { ...pageOf(data, headers), unread: countIn(headers, unreadMessagesHeader) };
};
/** How many conversations each of the seller's cars has, by car id (none: absent). */
export const getConversationCounts = (): Promise<Record<string, number>> =>
  dataOf(memberReads.GET('/api/conversations/counts'));
/** A conversation and its latest messages (those before the message `before` when given). */
export const getConversation = (id: string, before?: number): Promise<ConversationAnswer> =>
  dataOf(
    memberReads.GET('/api/conversations/{id}', { params: { path: { id }, query: { before } } }),
  );
/** Writes to a car's seller: opens the conversation about it, or goes on with it. */
export const startConversation = (carId: string, text: string) =>
  dataOf(commands.POST('/api/conversations', { body: { carId, text } }));
export const sendMessage = (id: string, text: string) =>
  dataOf(commands.POST('/api/conversations/{id}/messages', { ...byId(id), body: { text } }));
/** Marks the conversation read up to a message (its `seq`), or all of it. */
export const readConversation = (id: string, upTo?: number) =>
  dataOf(
    commands.POST('/api/conversations/{id}/read', {
      ...byId(id),
      body: upTo === undefined ? {} : { upTo },
    }),
  );
export const blockParty = (id: string) =>
  dataOf(commands.POST('/api/conversations/{id}/block', byId(id)));
export const unblockParty = (id: string) =>
  dataOf(commands.POST('/api/conversations/{id}/unblock', byId(id)));

// Reports and moderation

/** Reports a car, a user, a message of the reporter's conversations or a review, for a reason. */
export const fileReport = (report: CommandBody<'fileReport'>) =>
  dataOf(commands.POST('/api/reports', { body: report }));

/** Which groups of reports the Reports page lists: those with open reports, or all settled. */
export type ReportStatus = 'open' | 'resolved';

/** A page of the groups of reports, a subject each, the latest reported first (admins). */
export const getReports = (status: ReportStatus, page: number) =>
  listOf(memberReads.GET('/api/reports', { params: { query: { status, ...paging(page) } } }));
/** One subject's reports, its owner and the latest settlement, as the Reports page shows them. */
export type ReportGroup = Awaited<ReturnType<typeof getReports>>['items'][number];

/** Settles a group's open reports with an action, or undoes an earlier one (admins). */
export const resolveReports = (id: string, resolution: CommandBody<'resolveReports'>) =>
  dataOf(commands.POST('/api/reports/{id}/resolve', { ...byId(id), body: resolution }));
/** Puts on the record that the admin reads the conversation around a reported message. */
export const viewReportedMessage = (id: string) =>
  dataOf(commands.POST('/api/reports/{id}/view', byId(id)));
/** The reported message and those around it; refused until the reading is on the record. */
export const getReportedMessages = (id: string) =>
  dataOf(memberReads.GET('/api/reports/{id}/messages', byId(id)));
/** What an admin reads of a reported conversation. */
export type ReportedConversation = Awaited<ReturnType<typeof getReportedMessages>>;
