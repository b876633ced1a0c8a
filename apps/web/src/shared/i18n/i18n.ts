import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { commonEn } from './common-en';
import { commonEs } from './common-es';
import { UI_LANGUAGES, isUiLanguage, type UiLanguage } from './languages';
import { STORAGE_KEYS, readString, writeString } from '../session/storage';

export const i18n: I18n = i18next.createInstance();

type Tree = Record<string, unknown>;
type Bundle = { default: Tree };

/**
 * English and Spanish live beside the code that uses them (features/x/i18n.ts). The ten other languages
 * are JSON per namespace in src/locales/<lang>/, fetched only when chosen so nobody downloads twelve.
 * `messages.json` and `labels.json` are not namespaces: they map the server's, the schemas' and the rule
 * catalog's English texts to the language.
 */
const LOCALE_FILES = import.meta.glob<Bundle>('../../locales/*/*.json');
const loaded = new Set<string>(['en', 'es']);
const serverMessages = new Map<string, Readonly<Record<string, string>>>();

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
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...UI_LANGUAGES],
  ns: ['common'],
  defaultNS: 'common',
  resources: { en: { common: commonEn }, es: { common: commonEs } },
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  // A language's JSON arrives after init; the namespaces registered in code must not be asked of a backend.
  partialBundledLanguages: true,
});
i18n.on('languageChanged', applyDocumentLanguage);

/** Adds a namespace (a feature's strings) in English and Spanish; the other languages come from src/locales. */
export function registerNamespace(namespace: string, strings: { en: Tree; es: Tree }): void {
  i18n.addResourceBundle('en', namespace, strings.en, true, true);
  i18n.addResourceBundle('es', namespace, strings.es, true, true);
}

function localeFile(path: string): { language: string; name: string } {
  const [, language = '', name = ''] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  return { language, name };
}

/** Fetches a language's namespaces once; English and Spanish are always there. */
export async function loadLanguage(language: UiLanguage): Promise<void> {
  if (loaded.has(language)) return;
  const files = Object.entries(LOCALE_FILES).filter(([path]) => localeFile(path).language === language);
  const bundles = await Promise.all(files.map(async ([path, load]) => [localeFile(path).name, (await load()).default] as const));
  for (const [name, tree] of bundles) {
    if (name === 'messages' || name === 'labels') addServerMessages(language, tree as Record<string, string>);
    // deep + overwrite: the route titles are merged into `common` by code as well.
    else i18n.addResourceBundle(language, name, tree, true, true);
  }
  loaded.add(language);
}

/** Spanish's server messages are the tables beside the features; app/i18n-setup hands them over here. */
export function addServerMessages(language: string, table: Readonly<Record<string, string>>): void {
  serverMessages.set(language, { ...serverMessages.get(language), ...table });
}

/** The language's text for an English message of the server or a shared schema, when it has one. */
export function serverMessageIn(language: string, message: string): string | undefined {
  return serverMessages.get(language)?.[message];
}

/** The stored language, loaded: call before the first render so no screen flashes English. */
export async function startI18n(): Promise<void> {
  const language = initialLanguage();
  await loadLanguage(language);
  await i18n.changeLanguage(language);
  applyDocumentLanguage(i18n.language);
}

export async function changeUiLanguage(language: UiLanguage): Promise<void> {
  await loadLanguage(language);
  writeString(STORAGE_KEYS.locale, language);
  await i18n.changeLanguage(language);
}
