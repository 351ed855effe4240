import i18n, { type BackendModule, type i18n as I18n, type LanguageDetectorModule, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY } from '@primeur/shared';
import { CORE_NAMESPACES } from './i18n-core';

type Catalog = { default: Record<string, unknown> };
const CATALOG_PATH = /([a-z]{2})\/([\w-]+)\.json$/;

/**
 * Every catalog file in packages/shared is a namespace named after the file, except the e-mail
 * ones (`email`, `alertsEmail`), which only the server reads. The app fetches only the language it
 * shows, in two chunks (vite.config.ts): the core namespaces below, awaited before the first render,
 * and the rest, fetched right after (decision 650). Tests get every catalog at once, synchronously.
 */
const loaders = import.meta.glob<Catalog>(['./*/*.json', '!./*/email.json', '!./*/alertsEmail.json'], {
  base: '../../../../packages/shared/src/i18n/locales',
});
const eager: Record<string, Catalog> | null =
  import.meta.env.MODE === 'test'
    ? import.meta.glob<Catalog>(['./*/*.json', '!./*/email.json', '!./*/alertsEmail.json'], {
        base: '../../../../packages/shared/src/i18n/locales',
        eager: true,
      })
    : null;

const catalogs = new Map<string, () => Promise<Catalog>>();
for (const [path, load] of Object.entries(loaders)) {
  const m = CATALOG_PATH.exec(path);
  if (m) catalogs.set(`${m[1]}/${m[2]}`, load);
}
export const namespaces = [...new Set([...catalogs.keys()].map((k) => k.split('/')[1]!))];

function bundledResources(files: Record<string, Catalog>): Resource {
  const resources: Resource = {};
  for (const [path, mod] of Object.entries(files)) {
    const m = CATALOG_PATH.exec(path);
    if (!m) continue;
    const [, lng, ns] = m as unknown as [string, string, string];
    (resources[lng] ??= {})[ns] = mod.default;
  }
  return resources;
}

/** Reads a namespace from its language's chunk (core or rest: each chunk arrives in one fetch). */
const lazyCatalogs: BackendModule = {
  type: 'backend',
  init() {},
  read(lng, ns, done) {
    const load = catalogs.get(`${lng}/${ns}`);
    if (!load) return done(null, {});
    load().then(
      (mod) => done(null, mod.default),
      (err: unknown) => done(err instanceof Error ? err : new Error(String(err)), null),
    );
  },
};

function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage refused (privacy settings): no remembered language
  }
}

/**
 * The reader's language, first found of: `?lng=`, the `i18next` cookie, the remembered choice
 * (localStorage), the browser's languages. i18next picks the first supported one; the choice is
 * remembered in localStorage. Replaces i18next-browser-languagedetector (6 kB of the entry chunk).
 */
export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect() {
    const found: string[] = [];
    const query = new URLSearchParams(window.location.search).get('lng');
    if (query) found.push(query);
    const cookie = readCookie('i18next');
    if (cookie) found.push(cookie);
    const stored = storage()?.getItem(LANGUAGE_STORAGE_KEY);
    if (stored) found.push(stored);
    found.push(...(navigator.languages ?? []));
    if (navigator.language) found.push(navigator.language);
    // Only plain language tags (en, fr-FR, zh-Hant-TW) go to i18next.
    return found.filter((l) => /^[a-zA-Z]{2,3}([-_][a-zA-Z0-9]{2,8})*$/.test(l));
  },
  cacheUserLanguage(lng) {
    if (lng === 'cimode') return;
    try {
      storage()?.setItem(LANGUAGE_STORAGE_KEY, lng);
    } catch {
      // quota or privacy settings: the choice is simply not remembered
    }
  },
};

/** An i18next instance; in the app its catalogs arrive shortly after (use initI18nLoaded to wait). */
export function initI18n(lng?: string): I18n {
  return start(lng).instance;
}

/**
 * Same as initI18n, resolving when the shown language's core catalogs are in (the app's start);
 * the other namespaces are asked for at once and arrive in one more fetch.
 */
export async function initI18nLoaded(lng?: string): Promise<I18n> {
  const { instance, ready } = start(lng);
  await ready;
  void loadAllCatalogs(instance);
  return instance;
}

/**
 * Resolves when every namespace of the shown language is in. A page's own namespace suspends it
 * (react-i18next, under the page's <Suspense>); the signed-in shell, whose menus name other pages'
 * titles, waits for this (lib/session.tsx).
 */
export function loadAllCatalogs(instance: I18n): Promise<void> {
  // A failed fetch is retried by i18next; it must not hold the app or sign anyone out.
  return instance.loadNamespaces(namespaces).catch((err: unknown) => console.error('catalogs not loaded', err));
}

function start(lng?: string): { instance: I18n; ready: Promise<unknown> } {
  const instance = i18n.createInstance();
  if (!lng) instance.use(languageDetector);
  if (!eager) instance.use(lazyCatalogs);
  const ready = instance.use(initReactI18next).init({
    ...(eager ? { resources: bundledResources(eager) } : {}),
    lng,
    ns: eager ? namespaces : [...CORE_NAMESPACES],
    defaultNS: 'common',
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    interpolation: { escapeValue: false },
    // Re-render on catalogs arriving too, not only on a language change: a text shown before its
    // namespace came (none should be: pages suspend, the signed-in shell waits) heals itself.
    react: { bindI18n: 'languageChanged loaded' },
    initAsync: false,
  });
  instance.on('languageChanged', (l) => document.documentElement.setAttribute('lang', l));
  document.documentElement.setAttribute('lang', instance.resolvedLanguage ?? DEFAULT_LANGUAGE);
  return { instance, ready };
}
