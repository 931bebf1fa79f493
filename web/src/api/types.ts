// The shapes the API answers with, in the spec's field names.

export type Role = 'Buyer' | 'Seller' | 'Admin';

export interface UserRecord {
  _id: string;
  name: string;
  email: string;
  type: Role;
  phone?: string;
  photoURL?: string | null;
}

export interface Category {
  _id: string;
  name: string;
}

export interface Car {
  _id: string;
  name: string;
  seller_name: string;
  email: string;
  category: string;
  image: string;
  original_price: string | number;
  price: string | number;
  location: string;
  use: string | number;
  booked?: number;
  advertise?: number;
}

export interface NewCar {
  name: string;
  seller_name: string;
  email: string;
  category: string;
  image: string;
  original_price: string;
  price: string;
  location: string;
  use: string;
}

export interface Booking {
  _id: string;
  buyer: string;
  seller: string;
  buyer_email: string;
  seller_email: string;
  product_id: string;
  product_name: string;
  price: string | number;
  buyer_phone: string;
  meetup: string;
  booked_at?: string;
}

export type NewBooking = Omit<Booking, '_id'>;

/** A page of a list: the items and the total the server reported in X-Total-Count. */
export interface Page<T> {
  items: T[];
  total: number;
}

export interface CommandAnswer {
  acknowledged?: boolean;
  insertedId?: string;
  deletedCount?: number;
  position?: string;
}
