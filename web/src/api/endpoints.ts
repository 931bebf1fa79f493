// Every call of the API the client makes, named after what it does.
import { apiGet, apiList, apiRequest } from './http.ts';
import type {
  Booking,
  Car,
  Category,
  CommandAnswer,
  NewBooking,
  NewCar,
  Page,
  Role,
  UserRecord,
} from './types.ts';

export const PAGE_SIZE = 20;

function paging(page: number, limit = PAGE_SIZE): string {
  return `page=${page}&limit=${limit}`;
}

const enc = encodeURIComponent;

async function command(
  path: string,
  method: 'POST' | 'PUT' | 'DELETE',
  body?: unknown,
): Promise<CommandAnswer> {
  const { data } = await apiRequest<CommandAnswer | undefined>(path, { method, body, auth: true });
  return data ?? {};
}

// Users and sign-in
export const registerUser = (
  idToken: string,
  user: { name: string; email: string; type: 'Buyer' | 'Seller'; photoURL?: string },
) => apiRequest<unknown>('/user', { method: 'POST', body: user, idToken });

export const exchangeToken = async (idToken: string, email: string) =>
  (await apiRequest<{ accessToken: string }>(`/jwt?email=${enc(email)}`, { idToken })).data
    .accessToken;

export const getUser = (email: string) => apiGet<UserRecord>(`/user/${enc(email)}`, true);
export const applyForSeller = () => command('/user/seller', 'POST');
export const getUsers = (role: Role | '', page: number): Promise<Page<UserRecord>> =>
  apiList<UserRecord>(`/users?${role ? `role=${role}&` : ''}${paging(page)}`, true);
export const promoteUser = (id: string) => command(`/user/admin/${enc(id)}`, 'PUT');
export const deleteUser = (id: string) => command(`/user/${enc(id)}`, 'DELETE');

// Categories
export const getCategories = (page = 1, limit = PAGE_SIZE): Promise<Page<Category>> =>
  apiList<Category>(`/categories?${paging(page, limit)}`);
export const addCategory = (name: string) => command('/category', 'POST', { name });
export const deleteCategory = (id: string) => command(`/category/${enc(id)}`, 'DELETE');

// Cars
export const getCars = (page: number): Promise<Page<Car>> =>
  apiList<Car>(`/products?${paging(page)}`);
export const getCar = (id: string) => apiGet<Car>(`/product/${enc(id)}`);
export const getCategoryCars = (name: string, page: number): Promise<Page<Car>> =>
  apiList<Car>(`/category/products/${enc(name)}?${paging(page)}`, true);
export const getAdvertisedCars = (): Promise<Page<Car>> =>
  apiList<Car>(`/products/advertise?${paging(1)}`);
export const getSellerCars = (email: string, page: number): Promise<Page<Car>> =>
  apiList<Car>(`/products?email=${enc(email)}&${paging(page)}`, true);
export const addCar = (car: NewCar) => command('/product', 'POST', car);
export const advertiseCar = (id: string) => command(`/products/${enc(id)}`, 'PUT');
export const deleteCar = (id: string) => command(`/product/${enc(id)}`, 'DELETE');

export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  const { data } = await apiRequest<{ success: boolean; data?: { url?: string } }>('/images', {
    method: 'POST',
    body: form,
    auth: true,
  });
  const url = data?.data?.url;
  if (!data?.success || !url) throw new Error('The picture could not be uploaded.');
  return url;
}

// Bookings
export const bookCar = (booking: NewBooking) => command('/booking', 'POST', booking);
export const getSellerBookings = (email: string, page: number): Promise<Page<Booking>> =>
  apiList<Booking>(`/bookings?email=${enc(email)}&${paging(page)}`, true);
export const getBuyerBookings = (
  email: string,
  page: number,
  limit = PAGE_SIZE,
): Promise<Page<Booking>> =>
  apiList<Booking>(`/bookings?email=${enc(email)}&type=buyer&${paging(page, limit)}`, true);

// Audit
export interface AuditFilters {
  actor: string;
  subject: string;
  subjectType: '' | 'user' | 'car' | 'category';
  type: string;
  page: number;
}

export const getAudit = (filters: AuditFilters) => {
  const query = new URLSearchParams();
  if (filters.actor) query.set('actor', filters.actor);
  if (filters.subject) query.set('subject', filters.subject);
  if (filters.subjectType) query.set('subjectType', filters.subjectType);
  if (filters.type) query.set('type', filters.type);
  query.set('page', String(filters.page));
  query.set('limit', String(PAGE_SIZE));
  return apiRequest<unknown>(`/audit?${query}`, { auth: true });
};
