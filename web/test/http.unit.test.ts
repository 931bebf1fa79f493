// The API client at the network boundary (fetch stubbed): tokens, read-your-writes positions,
// problem+json errors and the token refresh on 401.
import { beforeEach, describe, expect, it } from 'vitest';
import { setAccessToken, setTokenRefresher, tokenEmail } from '../src/api/access-token.ts';
import { addCategory, favouriteCar, getCategories, getFavouriteIds } from '../src/api/endpoints.ts';
import { ApiError, describeError } from '../src/api/http.ts';
import { minPosition, resetPositions } from '../src/api/positions.ts';
import { apiRequest, fakeToken, json, problem, type StubbedCall, stubApi } from './harness.tsx';

beforeEach(() => {
  resetPositions();
  setTokenRefresher(null);
});

describe('read-your-writes', () => {
  it('sends the highest command position with reads until the projection reports it', async () => {
    let projection = '0';
    const { calls } = stubApi({
      'POST /api/category': () =>
        json(
          { acknowledged: true, position: '12' },
          { status: 201, headers: { 'X-Event-Position': '12' } },
        ),
      'GET /api/categories': () => json([], { headers: { 'X-Projection-Position': projection } }),
    });
    setAccessToken('t');
    await addCategory('SUV');
    expect(minPosition()).toBe('12');

    await getCategories();
    expect(calls.at(-1)?.headers.get('X-Min-Position')).toBe('12');
    expect(minPosition()).toBe('12'); // the projection was still behind

    projection = '12';
    await getCategories();
    expect(calls.at(-1)?.headers.get('X-Min-Position')).toBe('12');
    await getCategories();
    expect(calls.at(-1)?.headers.get('X-Min-Position')).toBeNull();
  });

  it('asks again when the server stopped waiting before the projections reached the write', async () => {
    const answers = [
      { ids: [], reached: 'false', at: '11' },
      { ids: [], reached: 'false', at: '11' },
      { ids: ['car-1'], reached: 'true', at: '12' },
    ];
    const { calls } = stubApi({
      'PUT /api/favourites/car-1': () =>
        json({ acknowledged: true }, { headers: { 'X-Event-Position': '12' } }),
      'GET /api/favourites/ids': () => {
        const answer = answers.shift() ?? { ids: ['car-1'], reached: 'true', at: '12' };
        return json(answer.ids, {
          headers: { 'X-Position-Reached': answer.reached, 'X-Projection-Position': answer.at },
        });
      },
    });
    setAccessToken('t');
    await favouriteCar('car-1');
    expect(await getFavouriteIds()).toEqual(['car-1']);
    const reads = calls.filter((call) => call.method === 'GET');
    expect(reads).toHaveLength(3);
    expect(reads.every((call) => call.headers.get('X-Min-Position') === '12')).toBe(true);
    expect(minPosition()).toBeNull();
  });

  it('gives up after a few tries and answers what it has', async () => {
    const { calls } = stubApi({
      'PUT /api/favourites/car-1': () =>
        json({ acknowledged: true }, { headers: { 'X-Event-Position': '12' } }),
      'GET /api/favourites/ids': () =>
        json([], { headers: { 'X-Position-Reached': 'false', 'X-Projection-Position': '11' } }),
    });
    setAccessToken('t');
    await favouriteCar('car-1');
    expect(await getFavouriteIds()).toEqual([]);
    expect(calls.filter((call) => call.method === 'GET')).toHaveLength(4);
    expect(minPosition()).toBe('12');
  });

  it('keeps the highest position when answers arrive out of order', async () => {
    stubApi({
      'POST /api/a': json({ position: '30' }),
      'POST /api/b': json({ position: '20' }),
    });
    await apiRequest('/a', { method: 'POST', auth: true });
    await apiRequest('/b', { method: 'POST', auth: true });
    expect(minPosition()).toBe('30');
  });
});

describe('tokens', () => {
  it('sends "bearer <access-token>" on authenticated calls and nothing on public ones', async () => {
    const { calls } = stubApi({ 'GET /api/x': {}, 'GET /api/y': {} });
    setAccessToken('abc');
    await apiRequest('/x', { auth: true });
    await apiRequest('/y');
    expect(calls[0]?.headers.get('Authorization')).toBe('bearer abc');
    expect(calls[1]?.headers.get('Authorization')).toBeNull();
  });

  it('fetches a new token once on 401 and repeats the call', async () => {
    let refreshed = false;
    setTokenRefresher(async () => {
      setAccessToken('fresh');
      refreshed = true;
      return true;
    });
    setAccessToken('stale');
    const { calls } = stubApi({
      'GET /api/x': (call: StubbedCall) =>
        call.headers.get('Authorization') === 'bearer fresh'
          ? json({ ok: 1 })
          : problem(401, 'Unauthorized'),
    });
    const { data } = await apiRequest<{ ok: number }>('/x', { auth: true });
    expect(refreshed).toBe(true);
    expect(data.ok).toBe(1);
    expect(calls).toHaveLength(2);
  });

  it('sends an Idempotency-Key with commands, the same one when it repeats after a 401', async () => {
    setTokenRefresher(async () => true);
    let attempts = 0;
    const { calls } = stubApi({
      'POST /api/category': () =>
        ++attempts === 1 ? problem(401, 'Unauthorized') : json({ position: '1' }),
      'GET /api/categories': [],
    });
    await addCategory('SUV');
    await getCategories();
    const [first, second, read] = calls;
    expect(first?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(second?.headers.get('Idempotency-Key')).toBe(first?.headers.get('Idempotency-Key'));
    expect(read?.headers.get('Idempotency-Key')).toBeNull();
  });

  it('reads the email a token was issued for', () => {
    expect(tokenEmail(fakeToken('a@example.com'))).toBe('a@example.com');
    expect(tokenEmail('garbage')).toBeNull();
  });
});

describe('errors', () => {
  it('turns problem+json into an ApiError with field errors', async () => {
    stubApi({
      'POST /api/category': problem(400, 'Bad Request', 'The name is missing.', [
        { field: 'name', message: 'This field is required' },
      ]),
    });
    const error = await addCategory('').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).fieldErrors).toEqual([
      { field: 'name', message: 'This field is required' },
    ]);
    expect(describeError(error)).toBe('The name is missing.');
  });

  it('names a network failure plainly', async () => {
    stubApi({});
    const { vi } = await import('vitest');
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await getCategories().catch((e: unknown) => e);
    expect(describeError(error)).toBe('Could not reach the server. Please try again.');
  });
});
