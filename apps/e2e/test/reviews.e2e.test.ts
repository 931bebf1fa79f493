// Reviews, as their people use them in a browser: a buyer whose meetup the seller accepted, its
// time passed, reviews the seller from My Bookings; the rating shows on the seller's profile
// and, once the buyer let the car go, on its card in a visitor's search; the seller answers on
// their profile. On a desktop and on
// a phone.
import { describe, test } from 'vitest';
import {
  acceptedMeetup,
  cancelBooking,
  createAccount,
  listCar,
  logIn,
  openDashboard,
  opened,
  screenSizes,
  see,
  toast,
  unique,
  useBrowser,
} from './harness.ts';

const browser = useBrowser();

/** Resolves once the clock has passed `at`: a meetup's time is a moment, not an event. */
const passed = (at: string) =>
  new Promise((done) => setTimeout(done, Math.max(0, Date.parse(at) - Date.now() + 100)));

describe.each(screenSizes)('Reviews on a $size', ({ viewport }) => {
  test('a buyer reviews the seller after their meetup; the rating shows on the profile and the card', async () => {
    const token = unique();
    const seller = await createAccount('seller', `Rita Seller ${token}`, 'Seller');
    const buyer = await createAccount('buyer', `Otto Buyer ${token}`, 'Buyer');
    const name = `Saab Aero ${token}`;
    const { id } = await listCar(seller, {
      name,
      category: 'Sedan',
      original_price: '30000',
      price: '9500',
      location: 'Trollhattan',
      use: '9',
    });
    const meetup = new Date(Date.now() + 2_000).toISOString();
    const bookingId = await acceptedMeetup(buyer, seller, id, meetup);
    await passed(meetup);

    // The buyer reviews the seller from their bookings.
    const page = browser.page;
    await page.setViewportSize(viewport);
    await logIn(page, buyer.account);
    await openDashboard(page, 'My Orders');
    await see(page.getByRole('heading', { level: 1, name: 'My Bookings' }));
    await page.getByRole('button', { name: `Review seller of ${name}` }).click();
    const dialog = await opened(
      page.getByRole('dialog', { name: `Review ${seller.account.name}` }),
    );
    await dialog.getByRole('radio', { name: '4 stars' }).check({ force: true });
    await dialog.getByLabel('Your review').fill('On time, and the papers were all there.');
    await dialog.getByRole('button', { name: 'Post review' }).click();
    await toast(page, "Thanks: your review is on the seller's profile.");
    await see(page.getByRole('link', { name: /Reviewed/ }).first());

    // The seller's profile shows it, and the rating.
    await page.goto(`/seller/${seller.uid}`);
    await see(page.getByRole('heading', { level: 1, name: seller.account.name }));
    await see(page.getByText('4.0 · 1 review'));
    await see(page.getByText('1 meetup accepted'));
    const review = page.locator(`[id="review-${bookingId}"]`);
    await see(review.getByText('On time, and the papers were all there.'));
    await see(review.getByRole('img', { name: '4 out of 5 stars' }));

    // The buyer let the car go after meeting its seller: a visitor's search finds it again, with
    // the seller's rating on its card.
    await cancelBooking(buyer, bookingId);
    const visitor = await browser.newPage();
    await visitor.setViewportSize(viewport);
    await visitor.goto(`/products?q=${encodeURIComponent(`Saab Aero`)}`);
    await see(visitor.getByRole('heading', { level: 1, name: 'All Cars' }));
    // The card: the innermost box holding both the car's name and a seller's rating.
    const rating = visitor.getByRole('img', { name: 'Seller rated 4.0 out of 5 from 1 review' });
    const card = visitor
      .locator('div')
      .filter({ has: visitor.getByRole('heading', { name, exact: true }) })
      .filter({ has: rating })
      .last();
    await see(card.getByRole('img', { name: 'Seller rated 4.0 out of 5 from 1 review' }));

    // The seller answers it on their profile.
    const sellerPage = await browser.newPage();
    await sellerPage.setViewportSize(viewport);
    await logIn(sellerPage, seller.account);
    await sellerPage.goto(`/seller/${seller.uid}#review-${bookingId}`);
    await sellerPage
      .getByRole('button', { name: `Answer the review by ${buyer.account.name}` })
      .click();
    const answer = await opened(
      sellerPage.getByRole('dialog', { name: `Answer ${buyer.account.name}'s review` }),
    );
    await answer.getByLabel('Your answer').fill('Thank you, enjoy the Saab!');
    await answer.getByRole('button', { name: 'Post answer' }).click();
    await toast(sellerPage, 'Your answer is under the review.');
    await see(
      sellerPage.locator(`[id="review-${bookingId}"]`).getByText('Thank you, enjoy the Saab!'),
    );
  });
});
