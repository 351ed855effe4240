import i18n, { type Resource } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY } from '@primeur/shared';

// Every catalog file in packages/shared is a namespace named after the file (bundled: no fetch).
const files = import.meta.glob<{ default: Record<string, unknown> }>('../../../../packages/shared/src/i18n/locales/*/*.json', {
  eager: true,
});

export const resources: Resource = {};
for (const [path, mod] of Object.entries(files)) {
  const m = /locales\/([a-z]{2})\/([\w-]+)\.json$/.exec(path);
  if (!m) continue;
  const [, lng, ns] = m as unknown as [string, string, string];
  (resources[lng] ??= {})[ns] = mod.default;
}
export const namespaces = [...new Set(Object.values(resources).flatMap((r) => Object.keys(r)))];

export function initI18n(lng?: string) {
  const instance = i18n.createInstance();
  if (!lng) instance.use(LanguageDetector);
  void instance.use(initReactI18next).init({
    resources,
    lng,
    ns: namespaces,
    defaultNS: 'common',
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    interpolation: { escapeValue: false },
    detection: {
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lng',
      lookupCookie: 'i18next',
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      caches: ['localStorage'],
    },
    initAsync: false,
  });
  instance.on('languageChanged', (l) => document.documentElement.setAttribute('lang', l));
  document.documentElement.setAttribute('lang', instance.resolvedLanguage ?? DEFAULT_LANGUAGE);
  return instance;
}
