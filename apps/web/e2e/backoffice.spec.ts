import { expect, type Page } from '@playwright/test';
import { chooseOption, DEMO, expectToast, gotoIn, signInByApi, test } from './fixtures';

/** Picks a react-select option whose label contains the text (labels may carry a price or code). */
async function pick(page: Page, inputId: string, typed: string, option: RegExp) {
  await page.locator(`#${inputId}`).fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

const saved = (page: Page) => expectToast(page, { testId: 'toast-dataModifiedSuccess' });

/**
 * Picks the company's carrier and waits for the server's answer: the "saved" toast of the step before may
 * still be on screen, and leaving the carrier's incoterm asks for confirmation only once the carrier is stored.
 */
async function pickCarrier(page: Page, inputId: string, typed: string, option: RegExp) {
  const stored = page.waitForResponse((r) => /\/transport\/\d+\/set\/\d+$/.test(r.url()) && r.request().method() === 'POST');
  await pick(page, inputId, typed, option);
  expect((await stored).ok()).toBe(true);
}

test('the admin configures a supplier from creation to deletion (English)', async ({ page }) => {
  const name = `E2E Frutas ${Date.now()}`;
  await signInByApi(page, DEMO.admin.email, DEMO.admin.password);
  await gotoIn(page, '/intern/suppliers');
  await expect(page.getByRole('heading', { name: 'Supplier configuration' })).toBeVisible();

  // Create: new suppliers are CIF, and a CIF supplier shows no carrier.
  await page.locator('form:has(#supplier-new-name) button[type=submit]').click();
  await expect(page.getByText('Please enter a company name.')).toBeVisible();
  await page.locator('#supplier-new-name').fill(name);
  await page.locator('form:has(#supplier-new-name) button[type=submit]').click();
  await saved(page);
  const config = page.getByTestId('company-config');
  await expect(config.getByRole('heading', { name })).toBeVisible();
  await expect(page.locator('#ict-CIF')).toBeChecked();
  await expect(page.getByTestId('carrier-field')).toHaveCount(0);

  // FOB shows the carrier; set one, then CIF removes it on the server.
  await page.locator('label[for=ict-FOB]').click();
  await expect(page.getByTestId('carrier-field')).toBeVisible();
  await pickCarrier(page, 'carrier-supplier', 'Primafrio', /Primafrio/);
  await saved(page);
  await expect(page.getByTestId('carrier-field')).toContainText('Primafrio');
  // Leaving FOB drops the carrier: asked first, naming it; Cancel keeps everything.
  await page.locator('label[for=ict-CIF]').click();
  await expect(page.getByTestId('confirm-modal')).toContainText('Primafrio');
  await page.getByTestId('confirm-modal').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('#ict-FOB')).toBeChecked();
  await page.locator('label[for=ict-CIF]').click();
  await page.getByTestId('confirm-modal').getByRole('button', { name: 'Switch to CIF' }).click();
  await expect(page.getByTestId('carrier-field')).toHaveCount(0);
  await page.locator('label[for=ict-FOB]').click();
  await expect(page.getByTestId('carrier-field')).toContainText('No carrier');
  await page.reload();
  await expect(page.getByTestId('carrier-field')).toContainText('No carrier');

  // Discount, certificates, packagings, place.
  await page.locator('#company-discount').fill('12.5');
  await page.locator('#company-discount').press('Enter');
  await saved(page);
  await chooseOption(page, 'company-certificates', 'GLOBALG.A.P.');
  await chooseOption(page, 'supplier-packagings', 'ifco');
  await chooseOption(page, 'supplier-country', 'Spain');
  await chooseOption(page, 'supplier-city', 'Almería');
  await page.locator('#supplier-address').fill('Carretera de Níjar 12');
  await page.locator('#supplier-address').press('Enter');
  await saved(page);
  await page.reload();
  await expect(page.locator('#company-discount')).toHaveValue('12.5');
  await expect(config).toContainText('GLOBALG.A.P.');
  await expect(config).toContainText('ifco');
  await expect(config).toContainText('Almería');
  await expect(page.locator('#supplier-address')).toHaveValue('Carretera de Níjar 12');

  // Add a contact: the validation texts first; the dial code defaults to the supplier's country.
  await page.getByRole('button', { name: 'Add a contact' }).click();
  const modal = page.getByTestId('add-contact-modal');
  await expect(modal.locator('#new-contact-phone-country')).toHaveValue('ES');
  await modal.getByRole('button', { name: 'Add contact' }).click();
  for (const text of ['Invalid first name.', 'Invalid last name.', 'Invalid email.', 'Invalid phone number.']) {
    await expect(modal.getByText(text, { exact: true })).toBeVisible();
  }
  await modal.locator('#new-contact-first').fill('Lucia');
  await modal.locator('#new-contact-last').fill('Martínez');
  await modal.locator('#new-contact-email').fill('lucia@frutas.es');
  await modal.locator('#new-contact-phone').fill('612 34 56');
  await modal.getByRole('button', { name: 'Add contact' }).click();
  await expect(modal.getByText('Invalid phone number.')).toBeVisible();
  await modal.locator('#new-contact-phone').fill('612 34 56 78');
  await modal.getByRole('button', { name: 'Add contact' }).click();
  await saved(page);
  await expect(modal).toBeHidden();

  // Edit it with the switch: read-only until on, save and delete only then.
  const card = page.locator('[data-testid^=contact-card-]').filter({ hasText: 'Lucia Martínez' });
  await expect(card.locator('input[id$=-first]')).toHaveAttribute('readonly', '');
  await expect(card.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(card.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await expect(card.locator('input[type=tel]')).toHaveValue('612 34 56 78');
  await card.getByRole('switch').check();
  await card.locator('input[id$=-first]').fill('');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByText('First name required.')).toBeVisible();
  await card.locator('input[id$=-first]').fill('Lucía');
  await card.getByRole('button', { name: 'Save' }).click();
  await saved(page);
  const edited = page.locator('[data-testid^=contact-card-]').filter({ hasText: 'Lucía Martínez' });
  await expect(edited).toBeVisible();
  await expect(edited.getByRole('switch')).not.toBeChecked();

  // Products: the empty state, then two products, then one deleted.
  await expect(page.getByTestId('no-products')).toBeVisible();
  await page.getByRole('button', { name: 'Add products' }).click();
  const products = page.getByTestId('add-product-modal');
  await products.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(products.getByText('Please select a product.')).toBeVisible();
  await pick(page, 'add-products-select', 'Clementine', /^Clementine \(CIT04\)$/);
  await pick(page, 'add-products-select', 'Lemon', /^Lemon \(CIT08\)$/);
  await products.getByRole('button', { name: 'Add', exact: true }).click();
  await saved(page);
  await expect(page.getByTestId('product-row-CIT04')).toContainText('Citrus');
  await expect(page.getByTestId('product-row-CIT08')).toBeVisible();
  await page.getByRole('button', { name: 'Remove Lemon' }).click();
  await page.getByTestId('confirm-modal').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('product-row-CIT08')).toHaveCount(0);
  await expect(page.getByTestId('product-row-CIT04')).toBeVisible();

  // Delete the supplier, after a confirmation.
  await page.getByRole('button', { name: 'Delete supplier' }).click();
  await page.getByTestId('confirm-modal').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('company-config')).toHaveCount(0);
  await page.locator('#supplier-picker').fill(name);
  await expect(page.getByRole('option', { name })).toHaveCount(0);
});

test("l'admin configure un client de la création à la suppression (français)", async ({ page }) => {
  const name = `E2E Primeurs ${Date.now()}`;
  await signInByApi(page, DEMO.admin.email, DEMO.admin.password);
  await gotoIn(page, '/intern/clients', 'fr');
  await expect(page.getByRole('heading', { name: 'Configuration des clients' })).toBeVisible();

  await page.locator('#client-new-name').fill(name);
  await page.locator('form:has(#client-new-name) button[type=submit]').click();
  await saved(page);
  await expect(page.getByTestId('company-config').getByRole('heading', { name })).toBeVisible();

  // A client shows its carrier under CIF (its default); FOB removes it.
  await expect(page.locator('#ict-CIF')).toBeChecked();
  await pickCarrier(page, 'carrier-client', 'DHL', /DHL Freight/);
  await saved(page);
  await expect(page.getByTestId('carrier-field')).toContainText('DHL Freight');
  await page.locator('label[for=ict-FOB]').click();
  await page.getByTestId('confirm-modal').getByRole('button', { name: 'Passer en FOB' }).click();
  await expect(page.getByTestId('carrier-field')).toHaveCount(0);
  await page.locator('label[for=ict-CIF]').click();
  await expect(page.getByTestId('carrier-field')).toContainText('Aucun transporteur');

  // Contact: French validation texts, default dial code us for a client.
  await page.getByRole('button', { name: 'Ajouter un contact' }).click();
  const modal = page.getByTestId('add-contact-modal');
  await expect(modal.locator('#new-contact-phone-country')).toHaveValue('US');
  await modal.getByRole('button', { name: 'Ajouter le contact' }).click();
  for (const text of ['Prénom invalide.', 'Nom invalide.', 'Email invalide.', 'Téléphone invalide.']) {
    await expect(modal.getByText(text, { exact: true })).toBeVisible();
  }
  await modal.locator('#new-contact-first').fill('Élodie');
  await modal.locator('#new-contact-last').fill('Bernard');
  await modal.locator('#new-contact-email').fill('e.bernard@primeurs.fr');
  await modal.locator('#new-contact-phone-country').selectOption('FR');
  await modal.locator('#new-contact-phone').fill('01 41 80 12 34');
  await modal.getByRole('button', { name: 'Ajouter le contact' }).click();
  await saved(page);

  const card = page.locator('[data-testid^=contact-card-]').filter({ hasText: 'Élodie Bernard' });
  await card.getByRole('switch').check();
  await card.locator('input[id$=-last]').fill('');
  await card.locator('input[type=tel]').fill('');
  await card.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(card.getByText('Nom requis.', { exact: true })).toBeVisible();
  await expect(card.getByText('Téléphone requis.')).toBeVisible();
  await card.locator('input[id$=-last]').fill('Bernard-Roux');
  await card.locator('input[type=tel]').fill('06 12 34 56 78');
  await card.getByRole('button', { name: 'Enregistrer' }).click();
  await saved(page);
  await expect(page.locator('[data-testid^=contact-card-]').filter({ hasText: 'Élodie Bernard-Roux' })).toBeVisible();

  // Products in French names.
  await page.getByRole('button', { name: 'Ajouter des produits' }).click();
  const products = page.getByTestId('add-product-modal');
  await products.getByRole('button', { name: 'Ajouter', exact: true }).click();
  await expect(products.getByText('Veuillez sélectionner un produit.')).toBeVisible();
  await pick(page, 'add-products-select', 'Fraise', /^Fraise \(BER01\)$/);
  await pick(page, 'add-products-select', 'Myrtille', /^Myrtille \(BER03\)$/);
  await products.getByRole('button', { name: 'Ajouter', exact: true }).click();
  await expect(page.getByTestId('product-row-BER01')).toContainText('Fruits rouges');
  await page.getByRole('button', { name: 'Retirer Myrtille' }).click();
  await page.getByTestId('confirm-modal').getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByTestId('product-row-BER03')).toHaveCount(0);

  await page.getByRole('button', { name: 'Supprimer le client' }).click();
  await page.getByTestId('confirm-modal').getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByTestId('company-config')).toHaveCount(0);
});

test('a non-admin is kept away from the configuration pages', async ({ page }) => {
  await signInByApi(page, DEMO.buyer.email, DEMO.buyer.password);
  await gotoIn(page, '/intern/suppliers');
  await expect(page).toHaveURL(/\/unauthorized/);
});
