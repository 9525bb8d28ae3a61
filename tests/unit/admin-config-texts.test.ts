import { describe, expect, it } from 'vitest';
import { CONFIG_ITEMS, configDefaults } from '../../src/shared/domain/config-items';
import { CONFIG_OPTION_TEXT, CONFIG_TEXT } from '../../src/app/features/admin/texts';
import { adminConfigView } from '../../src/server/modules/admin/config-view';

/** Every config item is named and explained in Japanese in the back office (issue 35), and placed in a group. */
describe('admin config words', () => {
  const names = Object.keys(CONFIG_ITEMS);

  it('every item has a Japanese label and a one-line explanation', () => {
    const missing = names.filter((n) => !CONFIG_TEXT[n]);
    expect(missing).toEqual([]);
    for (const n of names) {
      const { label, hint } = CONFIG_TEXT[n]!;
      expect(label.message, n).toMatch(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u);
      expect(hint.message, n).toMatch(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u);
      expect(hint.message!.includes('\n'), n).toBe(false);
    }
  });

  it('no words for an item that does not exist', () => {
    expect(Object.keys(CONFIG_TEXT).filter((n) => !names.includes(n))).toEqual([]);
  });

  it('every item sits in a named group, not "other"', () => {
    const other = adminConfigView(configDefaults()).filter((i) => i.group === 'other');
    expect(other.map((i) => i.name)).toEqual([]);
  });

  it('an enum item has words for each choice', () => {
    for (const [name, item] of Object.entries(CONFIG_ITEMS)) {
      const options = (item.schema as { options?: readonly string[] }).options;
      if (!options) continue;
      expect(Object.keys(CONFIG_OPTION_TEXT[name] ?? {}).sort(), name).toEqual([...options].sort());
    }
  });
});
