import { beforeAll, describe, expect, it } from 'vitest';
import { ACTION_LABELS, OPERATOR_LABELS, ORDER_FLOW_FIELDS } from '@omnio/domain';
import { i18n, loadLanguage, serverMessageIn } from '../shared/i18n/i18n';
import { UI_LANGUAGES } from '../shared/i18n/languages';
import { setupI18n } from './i18n-setup';
import { ENGLISH_SERVER_MESSAGES } from './server-messages';

// Every feature's strings, including the ones that register themselves when their screen loads.
import.meta.glob('../features/**/i18n*.ts', { eager: true });
setupI18n();

type Tree = Record<string, unknown>;

function flatten(tree: Tree, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) flatten(value as Tree, path, out);
    else out.set(path, String(value));
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.-]+)[^}]*\}\}/g)].map((m) => m[1]).sort();
const PLURAL = /_(zero|one|two|few|many|other)$/;
/** A plural form's key without its suffix: languages differ in how many forms they have, not in which strings. */
const base = (key: string) => key.replace(PLURAL, '');
const OTHERS = UI_LANGUAGES.filter((language) => language !== 'en');

describe('translations', () => {
  const data = i18n.store.data as Record<string, Record<string, Tree>>;
  const namespaces = Object.keys(data.en ?? {}).sort();
  beforeAll(async () => {
    for (const language of OTHERS) await loadLanguage(language);
  });

  it('cover the features (the glob found them)', () => {
    expect(namespaces).toEqual(expect.arrayContaining(['common', 'dashboard', 'forecasting', 'orders', 'rules']));
  });

  describe.each(OTHERS)('%s', (language) => {
    it.each(namespaces)(`%s: every English key and no other, the same placeholders, the language's plural forms, none empty`, (ns) => {
      const en = flatten(data.en![ns] ?? {});
      const tr = flatten(data[language]?.[ns] ?? {});
      const enKeys = new Set([...en.keys()].map(base));
      const trKeys = new Set([...tr.keys()].map(base));
      expect([...enKeys].filter((k) => !trKeys.has(k)), `missing in ${language}`).toEqual([]);
      expect([...trKeys].filter((k) => !enKeys.has(k)), `only in ${language}`).toEqual([]);
      const mismatched: string[] = [];
      for (const [key, text] of tr) {
        const english = en.get(key) ?? en.get(`${base(key)}_other`) ?? en.get(base(key));
        if (english === undefined) continue;
        // A plural form may say its number or not ("1 sample" / "{{count}} образец": Russian's `one` is also 21, 31…).
        const own = (s: string) => placeholders(s).filter((p) => !(PLURAL.test(key) && p === 'count')).join();
        if (own(text) !== own(english)) mismatched.push(`${key}: "${english}" / "${text}"`);
      }
      expect(mismatched, 'placeholders differ').toEqual([]);
      expect([...tr].filter(([, text]) => text.trim() === '').map(([key]) => key), `empty in ${language}`).toEqual([]);
      // Spanish has a `many` form for 1,000,000 that i18next answers with `other` when it is missing.
      if (language === 'es') return;
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      const plurals = new Set([...en.keys()].filter((k) => PLURAL.test(k)).map(base));
      const lacking = [...plurals].flatMap((b) => categories.filter((c) => !tr.has(`${b}_${c}`)).map((c) => `${b}_${c}`));
      expect(lacking, `plural forms ${language} needs`).toEqual([]);
    });

    it.skipIf(language === 'es')('translates every server and schema message the Spanish tables know, and the rule catalog', () => {
      const labels = [...Object.values(OPERATOR_LABELS), ...Object.values(ACTION_LABELS), ...ORDER_FLOW_FIELDS.map((f) => f.label)].map((l) => l[0]);
      const missing = [...ENGLISH_SERVER_MESSAGES, ...labels].filter((text) => !serverMessageIn(language, text)?.trim());
      expect(missing).toEqual([]);
    });
  });
});
