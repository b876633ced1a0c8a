import type { Language } from '@omnio/domain';

/** Languages of the UI. The server stores only en|sp (spec 3); he and ar exist for right-to-left use. */
export const UI_LANGUAGES = ['en', 'es', 'he', 'ar'] as const;
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
  { locale: 'he', server: null, nativeName: 'עברית', flag: '🇮🇱', rtl: true },
  { locale: 'ar', server: null, nativeName: 'العربية', flag: '🇸🇦', rtl: true },
];

export function isUiLanguage(value: string | null | undefined): value is UiLanguage {
  return (UI_LANGUAGES as readonly string[]).includes(value ?? '');
}

/** Spec 3: the server says `sp` for Spanish; i18n uses the ISO code `es`. */
export function uiLanguageFromServer(language: string | null | undefined): UiLanguage {
  return language === 'sp' || language === 'es' ? 'es' : 'en';
}

export function isRtlLanguage(language: string): boolean {
  return LANGUAGE_OPTIONS.some((option) => option.locale === language && option.rtl);
}
