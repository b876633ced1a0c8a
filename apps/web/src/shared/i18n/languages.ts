import type { Language } from '@omnio/domain';

/** The twelve languages of spec 9. The server stores only en|sp (spec 3); the others are the browser's choice. */
export const UI_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'hu', 'ru', 'he', 'ar', 'zh', 'ja', 'ko'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

export interface LanguageOption {
  locale: UiLanguage;
  /** The user's `language` on the server, when this language is stored there. */
  server: Language | null;
  /** The language's own name, so a user can find it whatever the current language is. */
  nativeName: string;
  flag: string;
  rtl: boolean;
}

export const LANGUAGE_OPTIONS: readonly LanguageOption[] = [
  { locale: 'en', server: 'en', nativeName: 'English', flag: '🇺🇸', rtl: false },
  { locale: 'es', server: 'sp', nativeName: 'Español', flag: '🇪🇸', rtl: false },
  { locale: 'fr', server: null, nativeName: 'Français', flag: '🇫🇷', rtl: false },
  { locale: 'de', server: null, nativeName: 'Deutsch', flag: '🇩🇪', rtl: false },
  { locale: 'it', server: null, nativeName: 'Italiano', flag: '🇮🇹', rtl: false },
  { locale: 'hu', server: null, nativeName: 'Magyar', flag: '🇭🇺', rtl: false },
  { locale: 'ru', server: null, nativeName: 'Русский', flag: '🇷🇺', rtl: false },
  { locale: 'he', server: null, nativeName: 'עברית', flag: '🇮🇱', rtl: true },
  { locale: 'ar', server: null, nativeName: 'العربية', flag: '🇸🇦', rtl: true },
  { locale: 'zh', server: null, nativeName: '中文', flag: '🇨🇳', rtl: false },
  { locale: 'ja', server: null, nativeName: '日本語', flag: '🇯🇵', rtl: false },
  { locale: 'ko', server: null, nativeName: '한국어', flag: '🇰🇷', rtl: false },
];

export function isUiLanguage(value: string | null | undefined): value is UiLanguage {
  return (UI_LANGUAGES as readonly string[]).includes(value ?? '');
}

/** Spec 3: the server says `sp` for Spanish; i18n uses the ISO code `es`. */
export function uiLanguageFromServer(language: string | null | undefined): UiLanguage {
  return language === 'sp' || language === 'es' ? 'es' : 'en';
}

/** A language the server cannot store: the browser's choice wins over the account's en|sp. */
export function isLocalOnlyLanguage(language: string): boolean {
  return LANGUAGE_OPTIONS.some((option) => option.locale === language && option.server === null);
}

export function isRtlLanguage(language: string): boolean {
  return LANGUAGE_OPTIONS.some((option) => option.locale === language && option.rtl);
}
