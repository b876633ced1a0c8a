import { describe, expect, it } from 'vitest';
import { i18n } from '../shared/i18n/i18n';
import { setupI18n } from './i18n-setup';

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
/** A plural form's key without its suffix: languages differ in how many forms they have, not in which strings. */
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

describe('translations', () => {
  const data = i18n.store.data as Record<string, Record<string, Tree>>;
  const namespaces = Object.keys(data.en ?? {}).sort();

  it('cover the features (the glob found them)', () => {
    expect(namespaces).toEqual(expect.arrayContaining(['common', 'dashboard', 'forecasting', 'orders', 'rules']));
  });

  it.each(namespaces)('%s: Spanish has every English key and no other, with the same placeholders, none empty', (ns) => {
    const en = flatten(data.en![ns] ?? {});
    const es = flatten(data.es?.[ns] ?? {});
    const enKeys = new Set([...en.keys()].map(base));
    const esKeys = new Set([...es.keys()].map(base));
    expect([...enKeys].filter((k) => !esKeys.has(k)), 'missing in Spanish').toEqual([]);
    expect([...esKeys].filter((k) => !enKeys.has(k)), 'only in Spanish').toEqual([]);
    const mismatched: string[] = [];
    for (const [key, text] of es) {
      const english = en.get(key) ?? en.get(`${base(key)}_other`) ?? en.get(base(key));
      if (english === undefined) continue;
      if (placeholders(text).join() !== placeholders(english).join()) mismatched.push(`${key}: "${english}" / "${text}"`);
    }
    expect(mismatched, 'placeholders differ').toEqual([]);
    expect([...es].filter(([, text]) => text.trim() === '').map(([key]) => key), 'empty in Spanish').toEqual([]);
  });
});
