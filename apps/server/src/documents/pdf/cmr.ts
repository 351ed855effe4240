import { formatDay, formatDecimal, isEuVatCountry, lotNumberOf, type Language } from '@primeur/shared';
import { OPERATOR } from './operator.js';
import { documentText } from './i18n.js';
import {
  GREY,
  INK,
  LINE,
  addressLines,
  countryName,
  docText,
  draftMark,
  newShippingDocument,
  secondLanguage,
  type ShippingDocModel,
  type ShippingParty,
} from './shipping-model.js';

const MARGIN = 24;
/** An EUR pallet's own weight (EN 13698-1, about 25 kg), added to the net weight for box 11. */
const PALLET_TARE_KG = 25;
/** An EUR pallet of fresh produce as loaded: 1,20 × 0,80 m at the usual 1,80 m height → 1,728 m³ (box 12). */
const PALLET_VOLUME_M3 = 1.2 * 0.8 * 1.8;
/** Incoterms under which the seller pays the main carriage (box 20). */
const SELLER_PAYS = new Set(['CPT', 'CIF', 'DAP', 'DDP']);

/**
 * The CMR consignment note (issue 22): one A4 page laid out like the printed form, boxes numbered
 * 1–24 where the form has them, each label in the reader's language with a second language under
 * it (English, or French for an English reader) as bilingual CMR forms print them (decision 802).
 */
export async function renderCmr(m: ShippingDocModel, lng: Language): Promise<Buffer> {
  const t = docText(lng);
  const t2 = docText(secondLanguage(lng));
  const { doc, done } = newShippingDocument(`CMR ${m.number}`, OPERATOR.name, MARGIN);
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const half = width / 2;
  const kg = (v: number) => formatDecimal(v, lng, { maxDecimals: 2 });
  /** "Label: value" with the reader's typography (French puts a space before the colon). */
  const pair = (label: string, value: string) => t('cmr.pair', { label, value });
  const country = (p: { countryAlpha2: string; countryName?: string }) => countryName(p.countryAlpha2, p.countryName ?? p.countryAlpha2, lng);
  const party = (p: ShippingParty) => [p.companyName, ...addressLines(p, country(p)), p.vatId ? `${t('vat')} ${p.vatId}` : ''].filter(Boolean);

  /**
   * One box: its number, its label in two languages, then the body, shrunk until it fits the box
   * (down to 6 pt) and cut with an ellipsis beyond that, so nothing runs over the next box.
   */
  const box = (x: number, y: number, w: number, h: number, n: string, key: string, body: string[], size = 8.5) => {
    doc.lineWidth(0.6).strokeColor(LINE).rect(x, y, w, h).stroke();
    let labelX = x + 3;
    if (n) {
      doc
        .font('bold')
        .fontSize(8)
        .fillColor(INK)
        .text(n, x + 3, y + 2.5, { width: 14, lineBreak: false });
      labelX = x + (n.length > 1 ? 15 : 11);
    }
    const lw = x + w - labelX - 3;
    doc
      .font('condensed-bold')
      .fontSize(6.3)
      .fillColor(INK)
      .text(t(key), labelX, y + 2.5, { width: lw });
    doc.font('italic').fontSize(5.3).fillColor(GREY).text(t2(key), labelX, doc.y, { width: lw });
    const top = doc.y + 2;
    const avail = y + h - top - 2;
    const content = body.join('\n');
    if (!content || avail <= 0) return;
    let s = size;
    doc.font('regular');
    while (s > 6 && doc.fontSize(s).heightOfString(content, { width: w - 8 }) > avail) s -= 0.25;
    doc
      .fontSize(s)
      .fillColor(INK)
      .text(content, x + 4, top, { width: w - 8, height: avail, ellipsis: true });
  };

  const shipped = m.shipment;
  const pallets = shipped?.pallets ?? m.pallets;
  const l = m.lot;
  // The best known net weight: shipped, else the order's estimate, else the lot's weight per pallet
  // (or per box) times the pallets (decision 851).
  const netKg =
    shipped?.netKg ??
    m.estimatedNetKg ??
    (l.netKgPerPallet !== null
      ? l.netKgPerPallet * pallets
      : l.netKgPerBox !== null && l.boxesPerPallet !== null
        ? l.netKgPerBox * l.boxesPerPallet * pallets
        : null);
  // Gross = net + the pallets' own weight; volume = pallets at the EUR pallet's footprint and the
  // usual loaded height. Both are estimates and say so on the form (decision 851).
  // Issue 37: a gross weight the seller declared for every pallet at shipping (packaging included) is used as it is.
  const declaredGross = m.palletList.length > 0 && m.palletList.every((p) => p.grossKg !== null) ? m.palletList.reduce((s, p) => s + p.grossKg!, 0) : null;
  const grossKg = declaredGross ?? (netKg === null ? null : netKg + pallets * PALLET_TARE_KG);
  const volumeM3 = pallets * PALLET_VOLUME_M3;
  const takingOverDay = shipped?.departureDate ?? null;
  const sellerPlace = [m.seller.city, country(m.seller)].filter(Boolean).join(', ');
  // Issue 37 §6: the CMR Convention governs international carriage only; a transport within one country
  // gets a national consignment note. Goods crossing the EU's customs border get the customs formalities in box 13.
  const from = m.seller.countryAlpha2;
  const to = m.deliveryAddress.countryAlpha2;
  const domestic = from !== '' && from === to;
  const crossesCustoms = from !== '' && to !== '' && isEuVatCountry(from) !== isEuVatCountry(to);

  // Title strip above the form.
  let y = MARGIN;
  doc
    .font('bold')
    .fontSize(9)
    .fillColor(GREY)
    .text(`${domestic ? t('cmr.titleDomestic') : t('cmr.copy')} · ${m.number}`, left, y, { width, align: 'left', lineBreak: false });
  doc
    .font('regular')
    .fontSize(7)
    .text(OPERATOR.name, left, y + 1, { width, align: 'right', lineBreak: false });
  y += 14;

  // Rows of the left column (1–5) beside the title block and boxes 16–18.
  const rows = [80, 80, 58, 46, 44];
  box(left, y, half, rows[0]!, '1', 'cmr.box1', party(m.seller));
  // The title block: CMR, the form's name in both languages, the convention clause, the note number.
  doc
    .lineWidth(0.6)
    .strokeColor(LINE)
    .rect(left + half, y, half, rows[0]!)
    .stroke();
  const titleKey = domestic ? 'cmr.titleDomestic' : 'cmr.title';
  const titleX = domestic ? left + half + 8 : left + half + 78;
  if (!domestic)
    doc
      .font('bold')
      .fontSize(22)
      .fillColor(INK)
      .text('CMR', left + half + 8, y + 6, { width: 70, lineBreak: false });
  doc
    .font('bold')
    .fontSize(8)
    .fillColor(INK)
    .text(t(titleKey), titleX, y + 7, { width: left + width - titleX - 8 });
  doc
    .font('italic')
    .fontSize(6.5)
    .fillColor(GREY)
    .text(t2(titleKey), titleX, doc.y, { width: left + width - titleX - 8 });
  doc
    .font('regular')
    .fontSize(5.8)
    .fillColor(INK)
    .text(domestic ? t('cmr.domesticClause', { country: country(m.seller) }) : t('cmr.convention'), left + half + 8, y + 36, { width: half - 16 });
  doc
    .font('bold')
    .fontSize(8.5)
    .text(`${t('cmr.number')} ${m.number}`, left + half + 8, y + rows[0]! - 13, { width: half - 16, align: 'right', lineBreak: false });
  y += rows[0]!;

  box(left, y, half, rows[1]!, '2', 'cmr.box2', party(m.buyer));
  box(left + half, y, half, rows[1]!, '16', 'cmr.box16', [
    shipped?.carrierName ?? t('cmr.carrierToName'),
    pair(t('cmr.vehicle'), shipped?.vehiclePlate || t('cmr.toFill')),
  ]);
  y += rows[1]!;

  const d = m.deliveryAddress;
  box(
    left,
    y,
    half,
    rows[2]!,
    '3',
    'cmr.box3',
    [...addressLines(d, country(d)), m.requestedDeliveryDate ? `${t('cmr.requestedOn')} ${formatDay(m.requestedDeliveryDate, lng)}` : ''].filter(Boolean),
  );
  box(left + half, y, half, rows[2]!, '17', 'cmr.box17', [t('cmr.none')]);
  y += rows[2]!;

  box(left, y, half, rows[3]!, '4', 'cmr.box4', [
    [m.seller.address, `${m.seller.postalCode} ${m.seller.city}`.trim(), country(m.seller)].filter(Boolean).join(', '),
    takingOverDay ? formatDay(takingOverDay, lng, 'long') : t('cmr.toFill'),
  ]);
  // 18 is written by the carrier at taking over: an empty box with room for it.
  box(left + half, y, half, rows[3]! + rows[4]!, '18', 'cmr.box18', []);
  y += rows[3]!;
  box(left, y, half, rows[4]!, '5', 'cmr.box5', [t('cmr.attached', { number: m.number })]);
  y += rows[4]!;

  // The goods: boxes 6–12 as the form's columns.
  const cols: Array<{ n: string; key: string; w: number; body: string[] }> = [
    {
      n: '6',
      key: 'cmr.box6',
      w: 106,
      body: [
        m.number,
        `${t('cmr.lot')} ${lotNumberOf(l.productId)}`,
        // Issue 37: the pallets' own numbers once shipped (their labels carry them as barcodes), the first and the last.
        ...(m.palletList.length > 0
          ? [
              m.palletList[0]!.gs1 ? 'SSCC' : t('cmr.palletNumbers'),
              m.palletList[0]!.code,
              ...(m.palletList.length > 1 ? [`… ${m.palletList[m.palletList.length - 1]!.code}`] : []),
            ]
          : [t('cmr.palletLabels', { first: '01', last: String(pallets).padStart(2, '0') })]),
      ],
    },
    {
      n: '7',
      key: 'cmr.box7',
      w: 60,
      body: [t('cmr.pallets', { count: pallets }), l.boxesPerPallet !== null ? t('cmr.boxes', { count: l.boxesPerPallet * pallets }) : ''].filter(Boolean),
    },
    { n: '8', key: 'cmr.box8', w: 66, body: [t('cmr.palletised'), l.packaging].filter(Boolean) },
    {
      n: '9',
      key: 'cmr.box9',
      w: 121,
      body: [
        l.article[lng] || l.article.en,
        l.title,
        pair(t('cmr.origin'), countryName(l.originAlpha2, l.originName, lng)),
        l.caliber ? pair(t('cmr.caliber'), l.caliber) : '',
        l.qualityClass ? documentText('trace', lng, `class.${l.qualityClass}`) : '',
        l.variety ? pair(t('cmr.variety'), l.variety) : '',
        l.packedOn ? pair(t('cmr.packedOn'), formatDay(l.packedOn, lng)) : '',
      ].filter(Boolean),
    },
    { n: '10', key: 'cmr.box10', w: 56, body: m.hsChapter ? [`HS ${m.hsChapter}`, t(`cmr.hs${m.hsChapter}`)] : [t('cmr.none')] },
    {
      n: '11',
      key: 'cmr.box11',
      w: 74,
      body:
        netKg === null || grossKg === null
          ? [t('cmr.toFill')]
          : [
              declaredGross !== null
                ? t('cmr.grossDeclared', { kg: kg(Math.round(declaredGross * 100) / 100) })
                : t('cmr.grossKg', { kg: kg(Math.round(grossKg)) }),
              t('cmr.netKg', { kg: kg(netKg) }),
              l.netKgPerPallet !== null ? t('cmr.perPallet', { kg: kg(l.netKgPerPallet) }) : '',
            ].filter(Boolean),
    },
    {
      n: '12',
      key: 'cmr.box12',
      w: 0,
      body: [t('cmr.volume', { m3: formatDecimal(volumeM3, lng, { maxDecimals: 2 }) }), t('cmr.volumeBasis', { count: pallets })],
    },
  ];
  cols[cols.length - 1]!.w = width - cols.slice(0, -1).reduce((s, c) => s + c.w, 0);
  let x = left;
  const goodsH = 122;
  for (const c of cols) {
    box(x, y, c.w, goodsH, c.n, c.key, c.body, 8);
    x += c.w;
  }
  y += goodsH;

  const instructions = [t('cmr.instructions')];
  if (crossesCustoms)
    instructions.push(t(isEuVatCountry(from) ? 'cmr.customsExport' : 'cmr.customsImport', { from: country(m.seller), to: country(m.deliveryAddress) }));
  if (m.requestedDeliveryDate) instructions.push(t('cmr.deliverBy', { date: formatDay(m.requestedDeliveryDate, lng, 'long') }));
  box(left, y, half, 70, '13', 'cmr.box13', instructions);
  box(left + half, y, half, 70, '19', 'cmr.box19', [t('cmr.agreements', { hours: m.claimWindowHours, number: m.number })]);
  y += 70;

  const payer = SELLER_PAYS.has(m.incoterm) ? t('cmr.payerSender') : t('cmr.payerConsignee');
  box(left, y, half, 46, '14', 'cmr.box14', [`${m.incoterm} ${m.incotermPlace} (Incoterms® 2020)`, pair(t('cmr.carriage'), payer)]);
  box(left + half, y, half, 92, '20', 'cmr.box20', [
    pair(t('cmr.carriage'), payer),
    pair(t('cmr.otherCharges'), payer),
    t('cmr.byIncoterm', { incoterm: m.incoterm }),
  ]);
  y += 46;
  box(left, y, half, 46, '15', 'cmr.box15', [t('cmr.payment', { number: m.number })]);
  y += 46;

  const established = takingOverDay ? formatDay(takingOverDay, lng, 'long') : formatDay(m.createdAt.toISOString(), lng, 'long');
  box(left, y, width, 34, '21', 'cmr.box21', [`${sellerPlace} · ${established}`]);
  y += 34;

  const third = width / 3;
  const sigH = Math.min(100, doc.page.height - MARGIN - 14 - y);
  box(left, y, third, sigH, '22', 'cmr.box22', [m.seller.companyName]);
  box(
    left + third,
    y,
    third,
    sigH,
    '23',
    'cmr.box23',
    [shipped?.carrierName ?? '', shipped?.vehiclePlate ? pair(t('cmr.vehicle'), shipped.vehiclePlate) : ''].filter(Boolean),
  );
  const r = m.receipt;
  box(
    left + 2 * third,
    y,
    width - 2 * third,
    sigH,
    '24',
    'cmr.box24',
    [
      m.buyer.companyName,
      r ? t('cmr.receivedOn', { date: formatDay(r.receivedAt.toISOString(), lng, 'long') }) : pair(t('cmr.placeDate'), '……………………'),
      r ? t('cmr.receivedQty', { pallets: r.pallets, kg: kg(r.netKg) }) : '',
    ].filter(Boolean),
  );
  y += sigH;

  doc.page.margins.bottom = 0;
  doc
    .font('regular')
    .fontSize(6)
    .fillColor(GREY)
    .text(t('cmr.footer', { operator: OPERATOR.name }), left, y + 4, { width, align: 'center', lineBreak: false });
  if (m.draft) draftMark(doc, t('draft'));
  doc.end();
  return done;
}
