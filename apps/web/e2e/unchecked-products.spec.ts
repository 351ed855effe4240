import { createHmac } from 'node:crypto';
import { expect } from '@playwright/test';
import { DEMO, expectToast, gotoIn, signInByApi, test } from './fixtures';

/** Back office III: a WhatsApp offer becomes reviewed supplier variants in a few clicks. */

const SECRET = 'e2e-app-secret';
const sign = (body: string) => `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;

function notification(id: string, from: string, text: string) {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
              contacts: [{ profile: { name: 'Lucía' }, wa_id: from }],
              messages: [{ from, id, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: text } }],
            },
          },
        ],
      },
    ],
  });
}

test('the webhook answers the handshake and refuses an unsigned message', async ({ request }) => {
  const ok = await request.get('/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=e2e-verify-token&hub.challenge=4242');
  expect(ok.status()).toBe(200);
  expect(await ok.text()).toBe('4242');
  expect((await request.get('/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1')).status()).toBe(403);
  const body = notification(`wamid.e2e-unsigned-${Date.now()}`, '34950123456', 'Berenjena 1€/kg');
  const res = await request.post('/api/webhooks/whatsapp', {
    data: body,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(`${body} `) },
  });
  expect(res.status()).toBe(401);
});

test('a signed WhatsApp offer appears on the unchecked page, is corrected and moved, and shows in the supplier details', async ({ page, request }) => {
  const stamp = Date.now();
  const line = `Berenjena Cat. I cal L cj 5kg 1,15€/kg 2 pal ${stamp % 100}/12`;
  const text = `Hola Primeur!\n${line}\nPimiento verde caja 5kg 0,95€/kg 1 pal\nSaludos`;
  const body = notification(`wamid.e2e-${stamp}`, '34950123456', text);
  const res = await request.post('/api/webhooks/whatsapp', { data: body, headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(body) } });
  expect(res.status()).toBe(200);

  await signInByApi(page, DEMO.admin.email, DEMO.admin.password);
  // The webhook stores the message and parses it after its 200, in the background: wait until its rows exist.
  await expect
    .poll(
      async () => {
        for (let p = 0; p < 50; p++) {
          const res = await page.request.get(`/api/intern/userProduct/supplier/unchecked?page=${p}&size=10`);
          if (!res.ok()) return false;
          const data = (await res.json()) as { content: Array<{ line: string }>; totalPages: number };
          if (data.content.some((r) => r.line.includes(line))) return true;
          if (p + 1 >= data.totalPages) return false;
        }
        return false;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await gotoIn(page, '/intern/supplierProductsUnchecked', 'fr');
  // Oldest first: the new rows come after the demo ones, maybe on the next page.
  const row = page.locator('tr', { has: page.getByTestId('unchecked-line').filter({ hasText: line }) });
  const next = page.getByRole('button', { name: 'Suivant' });
  for (let i = 0; i < 5 && !(await row.isVisible()); i++) {
    await expect(page.getByTestId('unchecked-table').or(page.getByTestId('unchecked-empty'))).toBeVisible();
    if (await row.isVisible()) break;
    if (await next.isDisabled()) break;
    const first = await page.getByTestId('unchecked-line').first().textContent();
    await next.click();
    // The next page is in when its first line is another.
    await expect(page.getByTestId('unchecked-line').first()).not.toHaveText(first ?? '');
  }
  await expect(row).toBeVisible();
  const rowId = (await row.getAttribute('data-testid'))!.replace('unchecked-row-', '');

  // Pre-filled from the sender (a Huerta de Almería contact) and the catalog match.
  await expect(page.locator(`#u${rowId}-supplier option:checked`)).toHaveText('Huerta de Almería S.L.');
  await expect(page.locator(`#u${rowId}-product option:checked`)).toHaveText('Aubergine');
  // Amounts are shown and typed with the reader's decimal separator: a comma in French.
  await expect(page.locator(`#u${rowId}-priceKg`)).toHaveValue('1,15');
  // "Cat. I" is read as class I, named as on the lot views; the card does not flag it.
  await expect(page.locator(`#u${rowId}-class option:checked`)).toHaveText('Catégorie I');
  await expect(row.getByTestId('class-not-stated')).toHaveCount(0);

  // Correct the price and the caliber, then move it.
  await page.locator(`#u${rowId}-priceKg`).fill('1,1');
  await page.locator(`#u${rowId}-caliber`).fill('XL');
  await row.getByRole('button', { name: /Ajouter aux produits du fournisseur/ }).click();
  await expectToast(page, 'Produit fournisseur déplacé !');
  await expect(page.getByTestId(`unchecked-row-${rowId}`)).toHaveCount(0);

  // The other row of the message: without a supplier the move is refused before any call.
  const pepper = page.locator('tr', { has: page.getByTestId('unchecked-line').filter({ hasText: 'Pimiento verde caja 5kg' }) }).last();
  if (await pepper.isVisible()) {
    const pid = (await pepper.getAttribute('data-testid'))!.replace('unchecked-row-', '');
    // Its line states no class: the card says so.
    await expect(page.locator(`#u${pid}-class`)).toHaveValue('');
    await expect(pepper.getByTestId('class-not-stated')).toHaveText('Catégorie non indiquée');
    await page.locator(`#u${pid}-supplier`).selectOption('');
    await pepper.getByRole('button', { name: /Ajouter aux produits du fournisseur/ }).click();
    await expectToast(page, 'Fournisseur manquant.');
  }

  // The variant is in the supplier's price list.
  const suppliers = (await (await page.request.get('/api/intern/supplier/getSuppliers')).json()) as Array<{ id: number; company: string }>;
  const huerta = suppliers.find((s) => s.company === 'Huerta de Almería S.L.')!;
  const variants = (await (await page.request.get(`/api/intern/userProduct/supplier/products/${huerta.id}`)).json()) as Array<{
    caliber: string;
    qualityClass: string | null;
    priceKg: number;
    supplierProductList: { product: { code: string } };
  }>;
  expect(
    variants.filter((v) => v.supplierProductList.product.code === 'FRV07' && v.caliber === 'XL' && v.priceKg === 1.1 && v.qualityClass === 'I'),
  ).toHaveLength(1);
  await gotoIn(page, `/intern/supplierDetails?supplier=${huerta.id}`);
  await page.getByRole('button', { name: 'Show the variants of Aubergine' }).click();
  await expect(page.locator('input[value="XL"]').first()).toBeVisible();
  // The price-list line shows the class it was moved with.
  const moved = page.locator('tr[data-testid^="variant-"]', { has: page.locator('input[value="XL"]') }).first();
  await expect(moved.locator('select[data-testid$="-qualityClass"] option:checked')).toHaveText('Class I');
});

test('paging: previous is disabled on the first page and next when fewer than 10 rows come back', async ({ page }) => {
  await signInByApi(page, DEMO.admin.email, DEMO.admin.password);
  await gotoIn(page, '/intern/supplierProductsUnchecked');
  await expect(page.getByTestId('unchecked-table')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  const next = page.getByRole('button', { name: 'Next' });
  const paging = page.getByTestId('unchecked-paging');
  let pages = 1;
  // "Page n of" changes at the click, while the previous page's rows stay on screen until the new ones
  // arrive (and Next is refused meanwhile): read Next's state only once the page has arrived.
  await expect(paging).toHaveAttribute('aria-busy', 'false');
  while (await next.isEnabled()) {
    await next.click();
    pages++;
    await expect(page.getByTestId('unchecked-page')).toContainText(`Page ${pages} of`);
    await expect(paging).toHaveAttribute('aria-busy', 'false');
  }
  const rows = await page.locator('[data-testid^="unchecked-row-"]').count();
  expect(rows).toBeLessThan(10);
  await expect(page.getByRole('button', { name: 'Previous' })).toBeEnabled();
});
