// Car galleries: the car page's pictures (thumbnails, keys, buttons, swipe, full screen), a
// broken picture's placeholder, and the pictures of Add Product and Edit (order, cover, removal,
// what is sent). The network is stubbed at fetch (see harness.tsx).

import type { CarRecord } from '@second-gear/features/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  json,
  noFacets,
  renderApp,
  type StubbedCall,
  stubApi,
  typeCarIdentity,
  userRecord,
} from './harness.tsx';

const seller = userRecord('Seller');

const pictures = ['/images/front.webp', '/images/side.webp', '/images/back.webp'];

const car = (overrides: Partial<CarRecord> = {}): CarRecord => ({
  _id: 'car-1',
  name: 'Honda Civic',
  seller_name: seller.name,
  email: seller.email,
  category: 'Sedan',
  image: pictures[0]!,
  images: pictures,
  original_price: 20000,
  price: 12000,
  location: 'Chattogram',
  use: 5,
  booked: 0,
  advertise: 0,
  sold: 0,
  seller_id: 'seller-1',
  seller_rating: { average: null, count: 0 },
  listed_at: '2026-11-01T10:00:00.000Z',
  expires_at: '2026-12-31T10:00:00.000Z',
  ...overrides,
});

const list = (items: unknown[]) =>
  json(items, { headers: { 'X-Total-Count': String(items.length) } });

const carPage = (record: CarRecord) =>
  stubApi({
    'GET /api/product/car-1': record,
    'GET /api/product/car-1/price-history': list([]),
  });

/** The large picture's address: the one whose alt says which of how many it is. */
const shown = () => screen.getByRole('img', { name: /^Honda Civic, picture \d of 3$/ });
const thumbnail = (n: number) => screen.getByRole('button', { name: `Picture ${n} of 3` });

describe('the gallery on the car page', () => {
  it('shows the cover large and the thumbnails, the first marked as selected', async () => {
    carPage(car());
    renderApp('/car/car-1');
    const gallery = await screen.findByRole('region', { name: 'Pictures of Honda Civic' });
    expect(shown()).toHaveAttribute('src', pictures[0]);
    expect(shown()).toHaveAccessibleName('Honda Civic, picture 1 of 3');
    const thumbnails = within(gallery).getAllByRole('button', { name: /^Picture \d of 3$/ });
    expect(thumbnails).toHaveLength(3);
    expect(thumbnails[0]).toHaveAttribute('aria-current', 'true');
    expect(thumbnails[1]).not.toHaveAttribute('aria-current');
  });

  it('moves with a thumbnail, the buttons and the arrow keys, round the ends', async () => {
    carPage(car());
    renderApp('/car/car-1');
    const user = userEvent.setup();
    const gallery = await screen.findByRole('region', { name: 'Pictures of Honda Civic' });

    await user.click(thumbnail(3));
    expect(shown()).toHaveAttribute('src', pictures[2]);
    expect(thumbnail(3)).toHaveAttribute('aria-current', 'true');
    expect(thumbnail(1)).not.toHaveAttribute('aria-current');
    expect(within(gallery).getByText('Picture 3 of 3')).toBeInTheDocument();

    await user.click(within(gallery).getByRole('button', { name: 'Next picture' }));
    expect(shown()).toHaveAttribute('src', pictures[0]);
    await user.click(within(gallery).getByRole('button', { name: 'Previous picture' }));
    expect(shown()).toHaveAttribute('src', pictures[2]);

    gallery.focus();
    await user.keyboard('{ArrowRight}');
    expect(shown()).toHaveAttribute('src', pictures[0]);
    await user.keyboard('{ArrowRight}');
    expect(shown()).toHaveAttribute('src', pictures[1]);
    await user.keyboard('{ArrowLeft}');
    expect(shown()).toHaveAttribute('src', pictures[0]);
    await user.keyboard('{End}');
    expect(shown()).toHaveAttribute('src', pictures[2]);
    expect(thumbnail(3)).toHaveAttribute('aria-current', 'true');
  });

  it('moves with a swipe of a finger, not with a small one', async () => {
    carPage(car());
    renderApp('/car/car-1');
    await screen.findByRole('region', { name: 'Pictures of Honda Civic' });
    const swipe = (from: number, to: number) => {
      const stage = shown().parentElement!;
      fireEvent.pointerDown(stage, {
        pointerId: 1,
        pointerType: 'touch',
        clientX: from,
        clientY: 100,
      });
      fireEvent.pointerUp(stage, { pointerId: 1, pointerType: 'touch', clientX: to, clientY: 104 });
    };
    swipe(300, 100);
    expect(shown()).toHaveAttribute('src', pictures[1]);
    swipe(100, 300);
    expect(shown()).toHaveAttribute('src', pictures[0]);
    swipe(100, 120);
    expect(shown()).toHaveAttribute('src', pictures[0]);
  });

  it('opens full screen with the same navigation, and Escape closes it', async () => {
    carPage(car());
    renderApp('/car/car-1');
    const user = userEvent.setup();
    await screen.findByRole('region', { name: 'Pictures of Honda Civic' });
    await user.click(screen.getByRole('button', { name: 'View full screen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Honda Civic: Picture 1 of 3' });
    const large = () => within(dialog).getByRole('img', { name: /^Honda Civic, picture \d of 3$/ });
    expect(large()).toHaveAttribute('src', pictures[0]);

    await user.keyboard('{ArrowRight}');
    expect(large()).toHaveAttribute('src', pictures[1]);
    expect(dialog).toHaveAccessibleName('Honda Civic: Picture 2 of 3');
    await user.click(within(dialog).getByRole('button', { name: 'Next picture' }));
    expect(large()).toHaveAttribute('src', pictures[2]);
    await user.click(within(dialog).getByRole('button', { name: 'Picture 1 of 3' }));
    expect(large()).toHaveAttribute('src', pictures[0]);
    await user.keyboard('{ArrowLeft}');
    expect(large()).toHaveAttribute('src', pictures[2]);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog).toHaveAttribute('data-state', 'closed'));
    // The page's gallery kept the picture chosen in full screen.
    const gallery = screen.getByRole('region', { name: 'Pictures of Honda Civic' });
    expect(
      within(gallery).getByRole('img', { name: 'Honda Civic, picture 3 of 3' }),
    ).toHaveAttribute('src', pictures[2]);
    expect(within(gallery).getByRole('button', { name: 'Picture 3 of 3' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it('shows a car with one picture as before, without thumbnails or buttons', async () => {
    carPage(car({ images: [pictures[0]!] }));
    renderApp('/car/car-1');
    const picture = await screen.findByRole('img', { name: 'Honda Civic' });
    expect(picture).toHaveAttribute('src', pictures[0]);
    expect(screen.queryByRole('region', { name: 'Pictures of Honda Civic' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next picture' })).toBeNull();
  });

  it('keeps a broken picture in its box as a placeholder with the same name', async () => {
    carPage(car({ images: [pictures[0]!] }));
    renderApp('/car/car-1');
    const picture = await screen.findByRole('img', { name: 'Honda Civic' });
    fireEvent.error(picture);
    const placeholder = await screen.findByRole('img', { name: 'Honda Civic' });
    expect(placeholder.tagName).not.toBe('IMG');
    // The box keeps its proportions: the placeholder fills it, whatever the picture did.
    expect(placeholder.parentElement).toHaveStyle({ position: 'relative' });
  });
});

describe('pictures in Add Product and Edit', () => {
  const file = (name: string) => new File(['png'], name, { type: 'image/png' });
  const chosen = (dialog: HTMLElement) =>
    within(within(dialog).getByRole('list', { name: 'Chosen pictures' }))
      .getAllByRole('img')
      .map((img) => img.getAttribute('alt'));
  const sellerApi = (cars: CarRecord[], extra: Record<string, unknown> = {}) =>
    stubApi({
      'GET /api/user/seller%40example.com': seller,
      'GET /api/products': () => list(cars),
      'GET /api/categories': list([{ _id: 'c1', name: 'Sedan' }]),
      'GET /api/products/facets': json(noFacets(0)),
      ...extra,
    });
  const writes = (calls: StubbedCall[]) => calls.filter((c) => c.method !== 'GET');

  it('Add Product uploads several pictures in the order chosen, the first as the cover', async () => {
    let uploads = 0;
    const { calls } = sellerApi([], {
      'POST /api/images': () =>
        json({ success: true, data: { url: `/images/u${++uploads}.webp` } }),
      'POST /api/product': json(
        { acknowledged: true, insertedId: 'car-9', position: '9' },
        { status: 201 },
      ),
    });
    renderApp('/user/products', { as: seller });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Product' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Car Name/), 'Nissan Leaf');
    await typeCarIdentity(user, dialog);
    await within(dialog).findByRole('option', { name: 'Sedan' });
    await user.selectOptions(within(dialog).getByLabelText(/Category/), 'Sedan');
    await user.upload(within(dialog).getByLabelText(/Pictures/), [
      file('a.png'),
      file('b.png'),
      file('c.png'),
    ]);
    expect(chosen(dialog)).toEqual(['Picture 1 (cover)', 'Picture 2', 'Picture 3']);
    expect(within(dialog).getByText('Cover')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Move picture 1 earlier' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Move picture 3 later' })).toBeDisabled();

    // c first, then a; b removed.
    await user.click(within(dialog).getByRole('button', { name: 'Move picture 3 earlier' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move picture 2 earlier' }));
    // The moved picture's button keeps the focus, or hands it on at the end of the list.
    expect(within(dialog).getByRole('button', { name: 'Move picture 1 later' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Remove picture 3' }));
    expect(chosen(dialog)).toEqual(['Picture 1 (cover)', 'Picture 2']);

    await user.type(within(dialog).getByLabelText(/Original Price/), '30000');
    await user.type(within(dialog).getByLabelText(/Sell Price/), '18000');
    await user.type(within(dialog).getByLabelText(/Location/), 'Sylhet');
    await user.type(within(dialog).getByLabelText(/Years of Use/), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('Product added Successfully!')).toBeInTheDocument();

    const uploaded = calls
      .filter((c) => c.url === '/api/images')
      .map((c) => ((c.body as FormData).get('image') as File).name);
    expect(uploaded).toEqual(['c.png', 'a.png']);
    const added = writes(calls).find((c) => c.url === '/api/product');
    expect(added?.body).toMatchObject({ image: '/images/u1.webp', images: ['/images/u2.webp'] });
  });

  it('Add Product takes pictures dropped on its Add pictures tile', async () => {
    sellerApi([]);
    renderApp('/user/products', { as: seller });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Product' }));
    const dialog = await screen.findByRole('dialog');
    const tile = within(dialog).getByText('Add pictures').closest('label') as HTMLElement;
    // The tile is the field's label too: a tap on it opens the picker of the field's input.
    expect(tile).toContainElement(within(dialog).getByLabelText(/Pictures/));
    fireEvent.dragOver(tile, { dataTransfer: { files: [] } });
    fireEvent.drop(tile, { dataTransfer: { files: [file('a.png'), file('b.png')] } });
    expect(chosen(dialog)).toEqual(['Picture 1 (cover)', 'Picture 2']);
  });

  it('Add Product refuses an eleventh picture and shows a failed upload under Pictures', async () => {
    const { calls } = sellerApi([], {
      'POST /api/images': json(
        { type: 'about:blank', title: 'Bad Request', status: 400, detail: 'Not a picture' },
        { status: 400, headers: { 'Content-Type': 'application/problem+json' } },
      ),
    });
    renderApp('/user/products', { as: seller });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Product' }));
    const dialog = await screen.findByRole('dialog');
    const many = Array.from({ length: 11 }, (_, at) => file(`p${at}.png`));
    await user.upload(within(dialog).getByLabelText(/Pictures/), many);
    expect(chosen(dialog)).toHaveLength(10);
    expect(within(dialog).getByText('At most 10 pictures')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Pictures/)).toBeDisabled();

    await user.type(within(dialog).getByLabelText(/Car Name/), 'Nissan Leaf');
    await typeCarIdentity(user, dialog);
    await within(dialog).findByRole('option', { name: 'Sedan' });
    await user.selectOptions(within(dialog).getByLabelText(/Category/), 'Sedan');
    await user.type(within(dialog).getByLabelText(/Original Price/), '30000');
    await user.type(within(dialog).getByLabelText(/Sell Price/), '18000');
    await user.type(within(dialog).getByLabelText(/Location/), 'Sylhet');
    await user.type(within(dialog).getByLabelText(/Years of Use/), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Add Product' }));
    expect(
      await within(dialog).findByText('p0.png could not be uploaded: Not a picture'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Pictures/)).toHaveAttribute('aria-invalid', 'true');
    expect(writes(calls).some((c) => c.url === '/api/product')).toBe(false);
  });

  it('Edit sends the pictures in their new order, and only when they changed', async () => {
    let uploads = 0;
    const { calls } = sellerApi([car()], {
      'POST /api/images': () =>
        json({ success: true, data: { url: `/images/new${++uploads}.webp` } }),
      'PATCH /api/product/car-1': json({ acknowledged: true, modifiedCount: 1, position: '30' }),
    });
    renderApp('/user/products', { as: seller });
    const user = userEvent.setup();
    const openEdit = async () => {
      await user.click(await screen.findByRole('button', { name: 'Edit Honda Civic' }));
      return screen.findByRole('dialog', { name: 'Edit Honda Civic' });
    };

    // The same pictures in the same order: nothing to send.
    let dialog = await openEdit();
    expect(
      within(within(dialog).getByRole('list', { name: 'Chosen pictures' }))
        .getAllByRole('img')
        .map((img) => img.getAttribute('src')),
    ).toEqual(pictures);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Nothing changed')).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);
    await waitFor(() => expect(dialog).toHaveAttribute('data-state', 'closed'));

    // The back picture becomes the cover; the side one goes; a new one is added last.
    dialog = await openEdit();
    await user.click(within(dialog).getByRole('button', { name: 'Move picture 3 earlier' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move picture 2 earlier' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove picture 3' }));
    await user.upload(within(dialog).getByLabelText(/Pictures/), file('interior.png'));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Listing updated')).toBeInTheDocument();
    expect(writes(calls).map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/images',
      'PATCH /api/product/car-1',
    ]);
    expect(writes(calls).at(-1)?.body).toEqual({
      images: ['/images/back.webp', '/images/front.webp', '/images/new1.webp'],
    });
  });

  it('Edit keeps at least one picture', async () => {
    const { calls } = sellerApi([car()]);
    renderApp('/user/products', { as: seller });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Honda Civic' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Honda Civic' });
    for (const _ of pictures) {
      await user.click(within(dialog).getByRole('button', { name: 'Remove picture 1' }));
    }
    expect(within(dialog).queryByRole('list', { name: 'Chosen pictures' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);
  });
});
