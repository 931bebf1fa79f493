import { type CarState, evolveCar, initialCarState } from './cars/car.ts';
import { type CategoryState, evolveCategory, initialCategoryState } from './categories/category.ts';
import {
  type CategoryNameReservationState,
  evolveCategoryNameReservation,
  initialCategoryNameReservationState,
} from './categories/category-name-reservation.ts';
import type { Command } from './commands.ts';
import { type DomainEvent, streams } from './events.ts';
import {
  type EmailReservationState,
  evolveEmailReservation,
  initialEmailReservationState,
} from './users/email-reservation.ts';
import { evolveUser, initialUserState, type UserState } from './users/user.ts';

/** The kinds of stream, named as in `streams` (events.ts). */
export type StreamKind = keyof typeof streams;

export type StreamStateOf = {
  user: UserState;
  email: EmailReservationState;
  category: CategoryState;
  categoryName: CategoryNameReservationState;
  car: CarState;
};

/** How each kind of stream folds into its state. */
export const streamKinds: {
  [K in StreamKind]: {
    initialState: () => StreamStateOf[K];
    evolve: (state: StreamStateOf[K], event: DomainEvent) => StreamStateOf[K];
  };
} = {
  user: { initialState: initialUserState, evolve: evolveUser },
  email: { initialState: initialEmailReservationState, evolve: evolveEmailReservation },
  category: { initialState: initialCategoryState, evolve: evolveCategory },
  categoryName: {
    initialState: initialCategoryNameReservationState,
    evolve: evolveCategoryNameReservation,
  },
  car: { initialState: initialCarState, evolve: evolveCar },
};

export const foldStream = <K extends StreamKind>(
  kind: K,
  events: Iterable<DomainEvent>,
): StreamStateOf[K] => {
  const { initialState, evolve } = streamKinds[kind];
  let state = initialState();
  for (const event of events) state = evolve(state, event);
  return state;
};

/** A stream a command needs, and how to fold it. */
export type StreamRef = { stream: string; kind: StreamKind };

export type LoadedStream = { [K in StreamKind]: { kind: K; state: StreamStateOf[K] } }[StreamKind];

/** The streams loaded so far for one command, by stream name. */
export type LoadedStreams = Readonly<Record<string, LoadedStream>>;

/** Folds a stream's events (empty when it does not exist) into an entry of `LoadedStreams`. */
export const loadStream = (ref: StreamRef, events: Iterable<DomainEvent>): LoadedStream =>
  ({ kind: ref.kind, state: foldStream(ref.kind, events) }) as LoadedStream;

/** The state of a loaded stream, or undefined when it is not loaded yet. */
export const loadedState = <K extends StreamKind>(
  loaded: LoadedStreams,
  kind: K,
  stream: string,
): StreamStateOf[K] | undefined => {
  const entry = loaded[stream];
  if (!entry) return undefined;
  if (entry.kind !== kind)
    throw new Error(`Stream ${stream} was loaded as ${entry.kind}, not ${kind}`);
  return entry.state as StreamStateOf[K];
};

const ref = (kind: StreamKind, stream: string): StreamRef => ({ kind, stream });
const user = (uid: string) => ref('user', streams.user(uid));
const car = (carId: string) => ref('car', streams.car(carId));
const category = (categoryId: string) => ref('category', streams.category(categoryId));

/** Every stream the command needs, as far as the streams loaded so far tell. */
const needs = (command: Command, loaded: LoadedStreams): StreamRef[] => {
  const actor = user(command.actor.uid);
  switch (command.type) {
    case 'RegisterUser':
      return [user(command.data.userId), ref('email', streams.email(command.data.email))];
    case 'ApplyForSeller':
      return [actor];
    case 'PromoteToAdmin':
      return [actor, user(command.data.userId)];
    case 'DeleteUser': {
      const target = user(command.data.userId);
      const refs = [actor, target];
      const state = loadedState(loaded, 'user', target.stream);
      if (state?.status !== 'active') return refs;
      refs.push(ref('email', streams.email(state.email)));
      for (const carId of state.carIds) {
        refs.push(car(carId));
        const carState = loadedState(loaded, 'car', streams.car(carId));
        if (carState && carState.status !== 'none') refs.push(category(carState.car.categoryId));
      }
      return refs;
    }
    case 'CreateCategory':
      return [
        actor,
        category(command.data.categoryId),
        ref('categoryName', streams.categoryName(command.data.name)),
      ];
    case 'DeleteCategory': {
      const target = category(command.data.categoryId);
      const state = loadedState(loaded, 'category', target.stream);
      return state && state.status !== 'none'
        ? [actor, target, ref('categoryName', streams.categoryName(state.name))]
        : [actor, target];
    }
    case 'ListCar': {
      const name = ref('categoryName', streams.categoryName(command.data.categoryName));
      const state = loadedState(loaded, 'categoryName', name.stream);
      const refs = [actor, car(command.data.carId), name];
      if (state?.status === 'claimed') refs.push(category(state.categoryId));
      return refs;
    }
    case 'AdvertiseCar':
    case 'BookCar':
      return [actor, car(command.data.carId)];
    case 'DeleteCar': {
      const target = car(command.data.carId);
      const state = loadedState(loaded, 'car', target.stream);
      return state && state.status !== 'none'
        ? [actor, target, category(state.car.categoryId), user(state.car.sellerId)]
        : [actor, target];
    }
    default: {
      const unknown: never = command;
      throw new Error(`No streams known for ${JSON.stringify(unknown)}`);
    }
  }
};

/**
 * The streams to load next for a command: those it needs that are not in `loaded` yet.
 *
 * Some streams are only known from others (a deleted user's cars from their user stream, each
 * car's category from the car), so loading is a loop: load what this names, fold each with
 * `loadStream`, and call again until it names nothing (at most three rounds). Then call
 * `decide` with everything loaded; every stream it appends to is one of them, so each append
 * can carry the version the stream was loaded at (`no_stream` when it was empty).
 */
export const streamsFor = (command: Command, loaded: LoadedStreams = {}): StreamRef[] => {
  const seen = new Set<string>();
  return needs(command, loaded).filter(({ stream }) => {
    if (stream in loaded || seen.has(stream)) return false;
    seen.add(stream);
    return true;
  });
};
