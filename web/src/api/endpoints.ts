// Every call of the API the client makes, named after what it does. Request and answer types are
// the contract's (`@second-gear/contracts`); the legacy names (`/api/product`, `_id`, ...) appear
// only here and there.
import type {
  AuditChange,
  AuditChangesQuery,
  AuditEntry,
  AuditQuery,
  AuditState,
  AuditStateQuery,
  AuditSubjectParams,
  BookingRecord,
  BookingsQuery,
  CarFacetsAnswer,
  CarFilters,
  CarRecord,
  CarSort,
  CarsQuery,
  CategoryCarsQuery,
  CategoryRecord,
  ImageUploadAnswer,
  JwtQuery,
  MAX_PAGE_SIZE,
  NotificationRecord,
  OpsStatus,
  PageQuery,
  PricePoint,
  ReadRole,
  SavedSearchRecord,
  TokenAnswer,
  UNREAD_COUNT_HEADER,
  UserRecord,
  UsersQuery,
  WriteCall,
  writeCalls,
} from '@second-gear/contracts';
import type { z } from 'zod';
import { apiGet, apiList, apiRequest, type Page, pageOf } from './http.ts';

export const PAGE_SIZE = 20;

const enc = encodeURIComponent;

/** `?a=1&b=2` of the set parameters, in the order given. */
function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  return `?${search}`;
}

const paging = (page: number, limit = PAGE_SIZE) => ({ page, limit });

// ---- writes: the contract's calls

type Calls = typeof writeCalls;

/** What a call of the write API answers. */
export type CommandAnswer<C extends WriteCall = WriteCall> = z.output<Calls[C]['answer']>;
type Body<C extends WriteCall> = Calls[C] extends { body: z.ZodType }
  ? z.input<Calls[C]['body']>
  : never;

// The method and path of each call, checked against the contract's table by type alone:
// importing the table itself would put zod into the first page's download.
const routes: { [C in WriteCall]: Pick<Calls[C], 'method' | 'path'> } = {
  registerUser: { method: 'POST', path: '/api/user' },
  applyForSeller: { method: 'POST', path: '/api/user/seller' },
  promoteToAdmin: { method: 'PUT', path: '/api/user/admin/:id' },
  deleteUser: { method: 'DELETE', path: '/api/user/:id' },
  createCategory: { method: 'POST', path: '/api/category' },
  deleteCategory: { method: 'DELETE', path: '/api/category/:id' },
  listCar: { method: 'POST', path: '/api/product' },
  advertiseCar: { method: 'PUT', path: '/api/products/:id' },
  editCar: { method: 'PATCH', path: '/api/product/:id' },
  markCarSold: { method: 'POST', path: '/api/product/:id/sold' },
  deleteCar: { method: 'DELETE', path: '/api/product/:id' },
  bookCar: { method: 'POST', path: '/api/booking' },
  changeProfile: { method: 'PUT', path: '/api/user/me' },
  favouriteCar: { method: 'PUT', path: '/api/favourites/:id' },
  unfavouriteCar: { method: 'DELETE', path: '/api/favourites/:id' },
  saveSearch: { method: 'POST', path: '/api/saved-searches' },
  deleteSavedSearch: { method: 'DELETE', path: '/api/saved-searches/:id' },
  readNotifications: { method: 'POST', path: '/api/notifications/read' },
  acceptBooking: { method: 'POST', path: '/api/booking/:id/accept' },
  declineBooking: { method: 'POST', path: '/api/booking/:id/decline' },
  cancelBooking: { method: 'POST', path: '/api/booking/:id/cancel' },
  issueApiKey: { method: 'POST', path: '/api/api-keys' },
  revokeApiKey: { method: 'DELETE', path: '/api/api-keys/:id' },
  registerWebhook: { method: 'POST', path: '/api/webhooks' },
  pauseWebhook: { method: 'POST', path: '/api/webhooks/:id/pause' },
  resumeWebhook: { method: 'POST', path: '/api/webhooks/:id/resume' },
  deleteWebhook: { method: 'DELETE', path: '/api/webhooks/:id' },
  replayWebhook: { method: 'POST', path: '/api/webhooks/:id/replay' },
};

async function command<C extends WriteCall>(
  call: C,
  request: { id?: string; body?: Body<C>; idToken?: string } = {},
): Promise<CommandAnswer<C>> {
  const { method, path } = routes[call];
  const url = path.replace(/^\/api/, '').replace(':id', enc(request.id ?? ''));
  const { data } = await apiRequest<CommandAnswer<C>>(url, {
    method,
    body: request.body,
    auth: true,
    ...(request.idToken ? { idToken: request.idToken } : {}),
  });
  return data;
}

// Users and sign-in
export const registerUser = (idToken: string, user: Body<'registerUser'>) =>
  command('registerUser', { body: user, idToken });

export const exchangeToken = async (idToken: string, email: string) =>
  (
    await apiRequest<TokenAnswer>(`/jwt${query({ email } satisfies z.input<typeof JwtQuery>)}`, {
      idToken,
    })
  ).data.accessToken;

export const getUser = (email: string) => apiGet<UserRecord>(`/user/${enc(email)}`, true);
/** Changes the signed-in user's own name, phone or picture (blank or null clears the last two). */
export const changeProfile = (changes: Body<'changeProfile'>) =>
  command('changeProfile', { body: changes });
export const applyForSeller = () => command('applyForSeller');
export const getUsers = (role: ReadRole | '', page: number): Promise<Page<UserRecord>> =>
  apiList<UserRecord>(
    `/users${query({ role: role || undefined, ...paging(page) } satisfies z.input<typeof UsersQuery>)}`,
    true,
  );
export const promoteUser = (id: string) => command('promoteToAdmin', { id });
export const deleteUser = (id: string) => command('deleteUser', { id });

// Categories
export const getCategories = (page = 1, limit = PAGE_SIZE): Promise<Page<CategoryRecord>> =>
  apiList<CategoryRecord>(
    `/categories${query(paging(page, limit) satisfies z.input<typeof PageQuery>)}`,
  );
export const addCategory = (name: string) => command('createCategory', { body: { name } });
export const deleteCategory = (id: string) => command('deleteCategory', { id });

// Cars
export const getCar = (id: string) => apiGet<CarRecord>(`/product/${enc(id)}`);
/** Cars on a page of a search: the grid's 4 and 3 columns fill evenly. */
export const SEARCH_PAGE_SIZE = 24;

/** One page of a search, or of the plain list when it has no filter and no sort. */
export interface CarListRequest {
  filters: Omit<CarFilters, 'booked'>;
  sort?: CarSort | undefined;
  page?: number | undefined;
  cursor?: string | undefined;
  limit: number;
}

/** All cars (`GET /api/products`), or a category's (`GET /api/category/products/:name`). */
export const searchCars = (
  { filters, sort, page, cursor, limit }: CarListRequest,
  category?: string,
): Promise<Page<CarRecord>> => {
  const params = { ...filters, sort, cursor, page, limit };
  return category === undefined
    ? apiList<CarRecord>(`/products${query(params satisfies z.input<typeof CarsQuery>)}`)
    : apiList<CarRecord>(
        `/category/products/${enc(category)}${query(params satisfies z.input<typeof CategoryCarsQuery>)}`,
        true,
      );
};

/** How many cars each choice of the filter panel would show (`GET /api/products/facets`). */
export const getCarFacets = (filters: Omit<CarFilters, 'booked'>) =>
  apiGet<CarFacetsAnswer>(`/products/facets${query(filters satisfies z.input<typeof CarFilters>)}`);
export const getAdvertisedCars = (): Promise<Page<CarRecord>> =>
  apiList<CarRecord>(`/products/advertise${query(paging(1) satisfies z.input<typeof PageQuery>)}`);
export const getSellerCars = (email: string, page: number): Promise<Page<CarRecord>> =>
  apiList<CarRecord>(
    `/products${query({ email, ...paging(page) } satisfies z.input<typeof CarsQuery>)}`,
    true,
  );
export const addCar = (car: Body<'listCar'>) => command('listCar', { body: car });
export const advertiseCar = (id: string) => command('advertiseCar', { id });
/** Changes the fields given; the others stay as they are (a blank or null detail is cleared). */
export const editCar = (id: string, changes: Body<'editCar'>) =>
  command('editCar', { id, body: changes });
export const markCarSold = (id: string) => command('markCarSold', { id });
export const deleteCar = (id: string) => command('deleteCar', { id });
/** The most a page of a list may hold (the contract's `MAX_PAGE_SIZE`, checked by type). */
const MOST: typeof MAX_PAGE_SIZE = 100;
/** The price when listed, then each change, oldest first: the first 100 points. */
export const getPriceHistory = (id: string): Promise<Page<PricePoint>> =>
  apiList<PricePoint>(
    `/product/${enc(id)}/price-history${query(paging(1, MOST) satisfies z.input<typeof PageQuery>)}`,
  );

export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  const { data } = await apiRequest<ImageUploadAnswer | undefined>('/images', {
    method: 'POST',
    body: form,
    auth: true,
  });
  const url = data?.data?.url;
  if (!data?.success || !url) throw new Error('The picture could not be uploaded.');
  return url;
}

// Bookings
/** Asks to book a meetup, with the buyer's proposed time when they give one. */
export const bookCar = (booking: Body<'bookCar'>) => command('bookCar', { body: booking });
export const acceptBooking = (id: string) => command('acceptBooking', { id });
export const declineBooking = (id: string) => command('declineBooking', { id });
export const cancelBooking = (id: string) => command('cancelBooking', { id });
export const getSellerBookings = (email: string, page: number): Promise<Page<BookingRecord>> =>
  apiList<BookingRecord>(
    `/bookings${query({ email, ...paging(page) } satisfies z.input<typeof BookingsQuery>)}`,
    true,
  );
export const getBuyerBookings = (
  email: string,
  page: number,
  limit = PAGE_SIZE,
): Promise<Page<BookingRecord>> =>
  apiList<BookingRecord>(
    `/bookings${query({ email, type: 'buyer', ...paging(page, limit) } satisfies z.input<typeof BookingsQuery>)}`,
    true,
  );

// Audit
export type AuditFilters = Pick<
  z.input<typeof AuditQuery>,
  'actor' | 'subject' | 'subjectType' | 'type'
>;

export const getAudit = (filters: AuditFilters, page: number): Promise<Page<AuditEntry>> =>
  apiList<AuditEntry>(
    `/audit${query({ ...filters, ...paging(page) } satisfies z.input<typeof AuditQuery>)}`,
    true,
  );

/** Each projection and reactor: position, lag, parked events, failures (admins). */
export const getOpsStatus = () => apiGet<OpsStatus>('/ops/status', true);

/** A car, user or category of the audit: its type and id. */
export type AuditSubject = AuditSubjectParams;
/** A moment of its past: a time, or the position of one of its events; now when empty. */
export type AuditMoment = z.input<typeof AuditStateQuery>;

const subjectPath = ({ type, id }: AuditSubject) => `${enc(type)}/${enc(id)}`;

/** The subject as it was at the moment, folded from its own events (admins). */
export const getAuditState = (subject: AuditSubject, moment: AuditMoment) =>
  apiGet<AuditState>(
    `/audit/state/${subjectPath(subject)}${query(moment satisfies z.input<typeof AuditStateQuery>)}`,
    true,
  );

/** What each of the subject's events changed, field by field, oldest first (admins). */
export const getAuditChanges = (subject: AuditSubject, page: number): Promise<Page<AuditChange>> =>
  apiList<AuditChange>(
    `/audit/changes/${subjectPath(subject)}${query(paging(page) satisfies z.input<typeof AuditChangesQuery>)}`,
    true,
  );

// What a member keeps and hears: favourites, saved searches, notifications

/** Keeps a car as a favourite (`modifiedCount` 0: it was one already). */
export const favouriteCar = (id: string) => command('favouriteCar', { id });
/** Lets a favourite go (`deletedCount` 0: it was not one). */
export const unfavouriteCar = (id: string) => command('unfavouriteCar', { id });
/** The favourite cars, the latest kept first; sold ones too. */
export const getFavourites = (page: number): Promise<Page<CarRecord>> =>
  apiList<CarRecord>(`/favourites${query(paging(page) satisfies z.input<typeof PageQuery>)}`, true);
/** The id of every favourite car, for the hearts on the cards. */
export const getFavouriteIds = () => apiGet<string[]>('/favourites/ids', true);

/** Saves a search page's query (`make=Toyota&maxPrice=15000`) under a name. */
export const saveSearch = (search: Body<'saveSearch'>) => command('saveSearch', { body: search });
export const deleteSavedSearch = (id: string) => command('deleteSavedSearch', { id });
export const getSavedSearches = (page: number): Promise<Page<SavedSearchRecord>> =>
  apiList<SavedSearchRecord>(
    `/saved-searches${query(paging(page) satisfies z.input<typeof PageQuery>)}`,
    true,
  );

const unreadHeader: typeof UNREAD_COUNT_HEADER = 'X-Unread-Count';

/** A page of notifications, newest first, and how many of all of them are unread. */
export const getNotifications = async (
  page: number,
  limit = PAGE_SIZE,
): Promise<Page<NotificationRecord> & { unread: number }> => {
  const { data, headers } = await apiRequest<NotificationRecord[]>(
    `/notifications${query(paging(page, limit) satisfies z.input<typeof PageQuery>)}`,
    { auth: true },
  );
  const unread = Number(headers.get(unreadHeader));
  return { ...pageOf(data, headers), unread: Number.isFinite(unread) && unread > 0 ? unread : 0 };
};
/** Marks the notifications read up to a position (the newest one seen), or all of them. */
export const readNotifications = (upTo?: string) =>
  command('readNotifications', { body: upTo === undefined ? {} : { upTo } });
