import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '@primeur/shared';
import { initI18n, languageDetector, namespaces } from './i18n';
import { catalogChunk, CORE_NAMESPACES } from './i18n-core';

const LOCALES = path.resolve(import.meta.dirname, '../../../../packages/shared/src/i18n/locales');
const files = readdirSync(path.join(LOCALES, 'en')).map((f) => f.replace(/\.json$/, ''));

describe('catalogs in the web bundle', () => {
  it('holds every namespace but the e-mail ones, which only the server reads', () => {
    expect([...namespaces].sort()).toEqual(files.filter((ns) => ns !== 'email' && ns !== 'alertsEmail').sort());
  });

  it('puts the core namespaces in i18n-<lng> and the others in i18n-<lng>-rest, per language', () => {
    for (const ns of CORE_NAMESPACES) expect(files).toContain(ns);
    for (const lng of ['en', 'fr', 'de', 'es']) {
      for (const ns of files) {
        const chunk = catalogChunk(path.join(LOCALES, lng, `${ns}.json`));
        expect(chunk, `${lng}/${ns}`).toBe((CORE_NAMESPACES as readonly string[]).includes(ns) ? `i18n-${lng}` : `i18n-${lng}-rest`);
      }
    }
    expect(catalogChunk('/x/node_modules/react/index.js')).toBeUndefined();
  });
});

describe('languageDetector', () => {
  let languages: string[];
  beforeEach(() => {
    languages = ['de-DE', 'en'];
    vi.spyOn(navigator, 'languages', 'get').mockImplementation(() => languages);
    vi.spyOn(navigator, 'language', 'get').mockImplementation(() => languages[0] ?? '');
    localStorage.clear();
    document.cookie = 'i18next=; max-age=0; path=/';
    window.history.replaceState(null, '', '/');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
    document.cookie = 'i18next=; max-age=0; path=/';
    window.history.replaceState(null, '', '/');
  });

  it('reads ?lng=, then the i18next cookie, then the remembered choice, then the browser languages', () => {
    expect(languageDetector.detect()).toEqual(['de-DE', 'en', 'de-DE']);
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'es');
    expect(languageDetector.detect()?.[0]).toBe('es');
    document.cookie = 'i18next=fr; path=/';
    expect((languageDetector.detect() as string[]).slice(0, 2)).toEqual(['fr', 'es']);
    window.history.replaceState(null, '', '/?page=2&lng=de');
    expect((languageDetector.detect() as string[]).slice(0, 3)).toEqual(['de', 'fr', 'es']);
  });

  it('drops values that are no language tag', () => {
    window.history.replaceState(null, '', '/?lng=%3Cscript%3E');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, '../../etc');
    expect(languageDetector.detect()).toEqual(['de-DE', 'en', 'de-DE']);
  });

  it('gives the first supported language and remembers it (Chromium --lang=fr-FR shows French)', () => {
    languages = ['it-IT', 'fr-FR', 'en'];
    const i18n = initI18n();
    expect(i18n.resolvedLanguage).toBe('fr');
    expect(i18n.t('common:menu.login')).not.toBe('menu.login');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toMatch(/^fr/);
    expect(document.documentElement.getAttribute('lang')).toMatch(/^fr/);
  });

  it('falls back to English when nothing the reader asks for is offered', () => {
    languages = ['it-IT', 'ja'];
    expect(initI18n().resolvedLanguage).toBe('en');
  });

  it('keeps a switched language: the choice is stored and wins over the browser', async () => {
    const i18n = initI18n();
    expect(i18n.resolvedLanguage).toBe('de');
    await i18n.changeLanguage('es');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es');
    expect(initI18n().resolvedLanguage).toBe('es');
  });
});
