import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { commonEn } from './common-en';
import { commonEs } from './common-es';
import { UI_LANGUAGES, isUiLanguage, type UiLanguage } from './languages';
import { STORAGE_KEYS, readString, writeString } from '../session/storage';

export const i18n: I18n = i18next.createInstance();

function initialLanguage(): UiLanguage {
  const stored = readString(STORAGE_KEYS.locale);
  return isUiLanguage(stored) ? stored : 'en';
}

/** Mirrors the language on <html> for screen readers; the theme provider owns `dir`. */
function applyDocumentLanguage(language: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
}

void i18n.use(initReactI18next).init({
  lng: initialLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...UI_LANGUAGES],
  ns: ['common'],
  defaultNS: 'common',
  resources: { en: { common: commonEn }, es: { common: commonEs } },
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
applyDocumentLanguage(i18n.language);
i18n.on('languageChanged', applyDocumentLanguage);

/** Adds a namespace (a feature's strings) in English and Spanish; he/ar fall back to English. */
export function registerNamespace(namespace: string, strings: { en: Record<string, unknown>; es: Record<string, unknown> }): void {
  i18n.addResourceBundle('en', namespace, strings.en, true, true);
  i18n.addResourceBundle('es', namespace, strings.es, true, true);
}

export async function changeUiLanguage(language: UiLanguage): Promise<void> {
  writeString(STORAGE_KEYS.locale, language);
  await i18n.changeLanguage(language);
}
