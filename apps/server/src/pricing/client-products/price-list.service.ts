import { parsePhoneNumberFromString } from '../../lib/phone-numbers.js';
import { isoDay, localName, priceListFileName, type Client, type GeneratedPriceList, type Language } from '@primeur/shared';
import type { Db } from '../../db/client.js';
import { languageForCountry } from '../../documents/email/language.js';
import { OPERATOR } from '../../documents/pdf/operator.js';
import { renderPriceList, type PriceListLine, type PriceListModel } from '../../documents/pdf/price-list.js';
import { HttpError } from '../../lib/http-error.js';
import * as companiesService from '../../companies/companies/companies.service.js';
import * as catalogService from '../../platform/catalog/catalog.service.js';
import * as locationService from '../../platform/location/location.service.js';
import * as overviewService from '../supplier-products/overview.service.js';
import * as repo from './client-products.repository.js';
import { type ClientVariantWithRefs } from './client-products.repository.js';
import { priceLine, type ClientVariantSpec, type SupplierOffer } from './pricing.js';

/**
 * The client's language (decision 144): from its country when it has one, else from the country of
 * its contacts' phone numbers (clients have no country field, spec §2, but their contacts' numbers
 * are stored in E.164), through the same country → language table as the emails. English otherwise.
 */
async function clientLanguage(db: Db, client: Client): Promise<Language> {
  const row = await companiesService.findById(db, client.id);
  if (row?.countryId) return languageForCountry((await locationService.assertCountry(db, row.countryId)).alpha2);
  for (const c of client.contacts) {
    const country = parsePhoneNumberFromString(c.phone)?.country;
    if (country) return languageForCountry(country);
  }
  return languageForCountry(null);
}

const regionName = (lng: Language, alpha2: string) => new Intl.DisplayNames([lng], { type: 'region' }).of(alpha2) ?? alpha2;
const kg = (v: number) => `${String(Number(v.toFixed(3))).replace('.', ',')} kg`;

/** An offer with the origin the list prints when the client variant leaves it open. */
interface Offer extends SupplierOffer {
  originAlpha2: string | null;
}

/** The offers valid on `day` for one article, with their supplier's discount, from the supplier overview. */
async function offersFor(db: Db, articleId: number, day: string): Promise<Offer[]> {
  const overview = await overviewService.overview(db, { articleId, startDate: day, endDate: day });
  return overview.suppliers.flatMap((s) =>
    s.variants.map((v) => ({
      variantId: v.id,
      supplierId: s.supplier.id,
      supplierDiscount: s.discount,
      originId: v.origin?.id ?? null,
      boxId: v.box?.id ?? null,
      packagingId: v.packaging?.id ?? null,
      caliber: v.caliber,
      weightPiece: v.weightPiece,
      nbPiece: v.nbPiece,
      priceKg: v.priceKg,
      volume: v.volume,
      startDate: v.startDate,
      endDate: v.endDate,
      originAlpha2: v.origin?.alpha2 ?? null,
    })),
  );
}

const ANY: ClientVariantSpec = { originId: null, boxId: null, packagingId: null, caliber: '', weightPiece: null, nbPiece: 1 };

function specOf(v: ClientVariantWithRefs): ClientVariantSpec {
  return {
    originId: v.variant.originId,
    boxId: v.variant.boxId,
    packagingId: v.variant.packagingId,
    caliber: v.variant.caliber,
    weightPiece: v.variant.weightPiece === null ? null : Number(v.variant.weightPiece),
    nbPiece: v.variant.nbPiece,
  };
}

/**
 * `generateClientPriceList`: prices every variant of every product of the client from today's
 * supplier offers (pricing.ts), renders the PDF in the client's language and stores it as the
 * client's current list. A product without variants is priced as "any variant".
 */
export async function generate(db: Db, clientId: number, now = new Date()): Promise<GeneratedPriceList> {
  const client = await companiesService.client(db, clientId);
  const language = await clientLanguage(db, client);
  const day = isoDay(now);
  const variants = await repo.listByClient(db, clientId);
  const terms = { ict: client.ict, discount: client.discount, carrierPrice: client.carrier ? client.carrier.price : null };
  const offers = new Map<number, Offer[]>();
  for (const p of client.products) offers.set(p.product.id, await offersFor(db, p.product.id, day));
  // Boxes and packagings printed in the client's language (decision 640).
  const [boxes, packagings] = await Promise.all([catalogService.listBoxes(db), catalogService.listPackagings(db)]);
  const boxName = (id: number | null | undefined) => {
    const b = id == null ? undefined : boxes.find((x) => x.id === id);
    return b ? localName(b, language) : null;
  };
  const packagingName = (id: number | null | undefined) => {
    const pk = id == null ? undefined : packagings.find((x) => x.id === id);
    return pk ? localName(pk, language) : null;
  };

  let lines = 0;
  let priced = 0;
  let transportMissing = false;
  let validUntil: string | null = null;
  const families = new Map<'fruits' | 'legumes', Map<string, PriceListLine[]>>();
  const products = [...client.products].sort((a, b) => a.product.names[language].localeCompare(b.product.names[language], language));
  for (const p of products) {
    const own = variants.filter((v) => v.link.id === p.id);
    const wanted: Array<{ spec: ClientVariantSpec; ref: ClientVariantWithRefs | null }> = own.length
      ? own.map((v) => ({ spec: specOf(v), ref: v }))
      : [{ spec: ANY, ref: null }];
    const out: PriceListLine[] = [];
    for (const { spec, ref } of wanted) {
      const result = priceLine(spec, offers.get(p.product.id) ?? [], terms, day);
      const best = result.status === 'priced' ? (result.offer as Offer) : null;
      lines++;
      if (result.status === 'priced') {
        priced++;
        transportMissing ||= result.transportMissing;
        if (!validUntil || result.offer.endDate < validUntil) validUntil = result.offer.endDate;
      }
      const originAlpha2 = ref?.origin?.alpha2 ?? best?.originAlpha2 ?? null;
      const weight = spec.weightPiece ?? best?.weightPiece ?? null;
      const pieces = spec.weightPiece !== null ? spec.nbPiece : (best?.nbPiece ?? spec.nbPiece);
      out.push({
        origin: originAlpha2 ? regionName(language, originAlpha2) : null,
        caliber: spec.caliber || best?.caliber || '',
        boxPackaging: [boxName(ref?.box?.id ?? best?.boxId), packagingName(ref?.packaging?.id ?? best?.packagingId)].filter(Boolean).join(' / '),
        weightPieces: weight ? `${kg(weight)} × ${pieces}` : '',
        priceKg: result.status === 'priced' ? result.priceKg : null,
        priceBox: result.status === 'priced' ? result.priceBox : null,
      });
    }
    const fam = families.get(p.product.family) ?? new Map<string, PriceListLine[]>();
    fam.set(p.product.names[language], out);
    families.set(p.product.family, fam);
  }

  const model: PriceListModel = {
    language,
    operator: OPERATOR,
    client: { company: client.company, ict: client.ict, carrier: client.carrier?.carrier ?? null, discount: client.discount },
    date: now,
    validUntil: new Date(`${validUntil ?? day}T00:00:00Z`),
    families: (['fruits', 'legumes'] as const)
      .filter((f) => families.has(f))
      .map((f) => ({ family: f, articles: [...families.get(f)!].map(([name, l]) => ({ name, lines: l })) })),
    transportMissing,
  };
  const { pdf, pages } = await renderPriceList(model);
  const fileName = priceListFileName(client.company, now);
  await repo.savePriceList(db, { clientId, fileName, language, pdf, generatedAt: now });
  return { clientId, company: client.company, fileName, language, generatedAt: now.toISOString(), lines, pricedLines: priced, pages, bytes: pdf.length };
}

/** The last list generated for the client named `company` (case-insensitive), for download. */
export async function download(db: Db, company: string) {
  const wanted = company.trim().toLowerCase();
  const client = (await companiesService.options(db, 'client')).find((c) => c.company.trim().toLowerCase() === wanted);
  if (!client) throw new HttpError(404, 'NOT_FOUND', 'Client not found.');
  const list = await repo.latestPriceList(db, client.id);
  if (!list) throw new HttpError(404, 'NO_PRICE_LIST', 'No price list has been generated for this client yet.');
  return list;
}
