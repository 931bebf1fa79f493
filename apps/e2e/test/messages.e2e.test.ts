// A buyer and a seller talk about a car, each in their own browser, on a desktop and on a phone:
// the buyer writes from the car's page, the seller sees the unread count rise and the message
// arrive without a reload and answers, the buyer sees the answer live; then the seller blocks
// the buyer, whose next message is refused with the reason, and whose box closes.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  baseUrl,
  createAccount,
  listCar,
  logIn,
  opened,
  screenSizes,
  see,
  unique,
  useBrowser,
} from './harness.ts';

const browser = useBrowser();

/** The top bar's link to the inbox, whose name says how many messages are unread. */
const messagesLink = (page: Page, unread: number) =>
  page.getByRole('banner').getByRole('link', {
    name: unread === 0 ? 'Messages' : `Messages, ${unread} unread`,
    exact: true,
  });

/** The conversation's messages, as the page lists them. */
const log = (page: Page) => page.getByRole('log', { name: 'Messages' });

/** Writes in the open conversation's box and sends with Enter. */
async function write(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

describe.each(screenSizes)('Messages on a $size', ({ viewport }) => {
  test('a buyer writes from a car, the seller answers live, and a block stops the buyer', async () => {
    const token = unique();
    const seller = await createAccount('seller', `Sol Seller ${token}`, 'Seller');
    const buyer = await createAccount('buyer', `Bo Buyer ${token}`, 'Buyer');
    const name = `Mazda 3 ${token}`;
    const { id } = await listCar(seller, {
      name,
      category: 'Sedan',
      original_price: '24000',
      price: '16500',
      location: 'Leipzig',
      use: '4',
    });

    // The seller is signed in elsewhere, with nothing unread.
    const sellerPage = await browser.newPage();
    await sellerPage.setViewportSize(viewport);
    await logIn(sellerPage, seller.account);
    await see(messagesLink(sellerPage, 0));

    // The buyer writes from the car's page, and lands in the conversation.
    const page = browser.page;
    await page.setViewportSize(viewport);
    await logIn(page, buyer.account);
    await page.goto(`/car/${id}`);
    await see(page.getByRole('heading', { level: 1, name }));
    // The seller's card's button (a phone also has one in the bar at the foot of the screen).
    await page.getByRole('button', { name: 'Message seller' }).first().click();
    const dialog = await opened(
      page.getByRole('dialog', { name: `Message ${seller.account.name}` }),
    );
    await dialog.getByRole('textbox', { name: 'Message' }).fill('Is the price firm? <b>asap</b>');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(/\/user\/messages\/[0-9a-f]{32}$/);
    await see(log(page).getByText('Is the price firm? <b>asap</b>'));

    // Without a reload, the seller's count rises; the inbox shows the car and the buyer.
    await (await see(messagesLink(sellerPage, 1))).click();
    const row = await see(sellerPage.getByRole('link').filter({ hasText: name }));
    expect(await row.textContent()).toContain(buyer.account.name);
    await row.click();
    await see(log(sellerPage).getByText('Is the price firm? <b>asap</b>'));
    // Reading it clears the count; the text stayed text.
    await see(messagesLink(sellerPage, 0));
    expect(await log(sellerPage).locator('b').count()).toBe(0);
    await write(sellerPage, 'Firm, but the winter tyres come with it.');
    await see(log(sellerPage).getByText('Firm, but the winter tyres come with it.'));

    // The buyer sees the answer arrive in the open conversation.
    await see(log(page).getByText('Firm, but the winter tyres come with it.'));

    // The seller blocks the buyer; the buyer's next message is refused, with the reason.
    await sellerPage.getByRole('button', { name: `Block ${buyer.account.name}` }).click();
    const ask = await opened(
      sellerPage.getByRole('alertdialog', { name: `Block ${buyer.account.name}?` }),
    );
    await ask.getByRole('button', { name: 'Block' }).click();
    await see(sellerPage.getByRole('button', { name: 'Unblock' }));
    // Sent now, the buyer's message is refused with the reason. Sent through the API: the
    // buyer's open page may already have heard of the block (it reads the conversation again
    // when it regains focus) and closed its box; a refusal in the page is the web's unit test.
    const conversation = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    const refused = await fetch(`${baseUrl}/api/conversations/${conversation}/messages`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${buyer.accessToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ text: 'Can I come on Saturday?' }),
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { detail?: string }).detail).toBe(
      `${seller.account.name} does not accept your messages.`,
    );
    // The buyer's conversation says why, and its box is closed.
    await page.reload();
    await see(page.getByText(`${seller.account.name} does not accept messages from you.`));
    await expect.poll(() => page.getByRole('textbox', { name: 'Message' }).isDisabled()).toBe(true);
  });
});
