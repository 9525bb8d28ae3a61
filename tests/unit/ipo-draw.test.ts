import { describe, expect, it } from 'vitest';
import {
  DRAW_ALGORITHM, DRAW_ALGORITHM_V1, DrawNumbers, entryId, rerunPublished, runDraw, runDrawInOrder, seedCommitment, sha256Hex, sortApplications,
} from '../../src/shared/domain/ipo-draw';

/** The draw of docs/decisions/014-ipo-draw.md: fixed vectors, the allotment rules and its fairness. */
describe('IPO draw', () => {
  it('commits to the seed with SHA-256 of its text', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(seedCommitment('abc')).toBe(sha256Hex('abc'));
  });

  it('numbers are the first 6 bytes of SHA-256(seed:n), uniform by rejection', () => {
    const n = new DrawNumbers('abc');
    const h = sha256Hex('abc:0');
    expect(n.next()).toBe(parseInt(h.slice(0, 12), 16));
    expect(n.used).toBe(1);
    const u = new DrawNumbers('s');
    for (let i = 0; i < 200; i++) expect(u.uniform(7)).toBeLessThan(7);
  });

  it('gives everyone what they applied for when it fits, without drawing', () => {
    const r = runDraw({ seed: 'x', kind: 'ipo', units: 10, applications: [{ id: 'b', units: 3 }, { id: 'a', units: 7 }] });
    expect(r.won).toEqual([{ id: 'a', units: 7 }, { id: 'b', units: 3 }]);
    expect(r.numbersUsed).toBe(0);
  });

  it('IPO: one unit per winner when applicants outnumber units, whatever they applied for', () => {
    const apps = Array.from({ length: 20 }, (_, i) => ({ id: `app-${String(i).padStart(2, '0')}`, units: i === 0 ? 1000 : 1 }));
    const r = runDraw({ seed: 'seed-1', kind: 'ipo', units: 5, applications: apps });
    expect(r.won.filter((w) => w.units > 0)).toHaveLength(5);
    expect(Math.max(...r.won.map((w) => w.units))).toBe(1);
  });

  it('IPO: every applicant gets one unit first, the rest go by units applied', () => {
    const r = runDraw({ seed: 'seed-2', kind: 'ipo', units: 6, applications: [{ id: 'a', units: 1 }, { id: 'b', units: 4 }, { id: 'c', units: 5 }] });
    const by = Object.fromEntries(r.won.map((w) => [w.id, w.units]));
    expect(by.a).toBe(1);
    expect(by.b! + by.c!).toBe(5);
    expect(by.b).toBeGreaterThanOrEqual(1);
    expect(by.c).toBeGreaterThanOrEqual(1);
  });

  it('PO: one entry per unit applied, never more than applied', () => {
    const r = runDraw({ seed: 'seed-3', kind: 'po', units: 10, applications: [{ id: 'a', units: 2 }, { id: 'b', units: 30 }] });
    expect(r.won.reduce((s, w) => s + w.units, 0)).toBe(10);
    expect(r.won[0]!.units).toBeLessThanOrEqual(2);
  });

  it('is a function of (seed, sorted ids, units): input order does not matter, the seed does', () => {
    const apps = Array.from({ length: 30 }, (_, i) => ({ id: `id-${i}`, units: 1 + (i % 4) }));
    const a = runDraw({ seed: 'k', kind: 'ipo', units: 12, applications: apps });
    const b = runDraw({ seed: 'k', kind: 'ipo', units: 12, applications: [...apps].reverse() });
    expect(b).toEqual(a);
    expect(sortApplications(apps).map((x) => x.id)).toEqual(a.won.map((w) => w.id));
    const c = runDraw({ seed: 'k2', kind: 'ipo', units: 12, applications: apps });
    expect(c.won).not.toEqual(a.won);
  });

  it('names each application by an opaque per-draw entry id: hex(SHA-256(offering id + ":" + application id))', () => {
    const offering = '0193a000-0000-7000-8000-000000000001';
    const app = '0193a000-0000-7000-8000-0000000000aa';
    const e = entryId(offering, app);
    expect(e).toBe(sha256Hex(`${offering}:${app}`));
    expect(e).toMatch(/^[0-9a-f]{64}$/);
    expect(e).not.toContain(app);
    // The same application id under another offering gives an unrelated entry id.
    expect(entryId('0193a000-0000-7000-8000-000000000002', app)).not.toBe(e);
    expect(DRAW_ALGORITHM).toBe('kabuto-draw-v2');
  });

  it('v2 sorts by entry id; the server and the browser get the same winners from the same seed', () => {
    const offering = 'offering-1';
    const appIds = Array.from({ length: 25 }, (_, i) => `0193a000-0000-7000-8000-${String(i).padStart(12, '0')}`);
    const units = (i: number) => 1 + (i % 5);
    // Server: the live applications by entry id.
    const entries = appIds.map((id, i) => ({ id: entryId(offering, id), units: units(i) }));
    const server = runDraw({ seed: 'seed-v2', kind: 'ipo', units: 9, applications: entries });
    expect(server.won.map((w) => w.id)).toEqual(entries.map((x) => x.id).sort());
    // The published view: entries sorted by entry id, and the results in that order.
    const published = sortApplications(entries);
    const browser = rerunPublished('kabuto-draw-v2', { seed: 'seed-v2', kind: 'ipo', units: 9, applications: published });
    expect(browser).toEqual(server);
    expect(server.won.filter((w) => w.units > 0)).toHaveLength(9);
    // The owner of application 3 finds their units won by the entry id they compute.
    const mine = entryId(offering, appIds[3]!);
    expect(browser!.won.find((w) => w.id === mine)).toEqual(server.won.find((w) => w.id === mine));
    // Sorting by application id instead (v1) is a different order, hence in general other winners.
    const byAppId = runDraw({ seed: 'seed-v2', kind: 'ipo', units: 9, applications: appIds.map((id, i) => ({ id, units: units(i) })) });
    const appOf = new Map(appIds.map((id) => [entryId(offering, id), id]));
    const winnersV2 = server.won.filter((w) => w.units > 0).map((w) => appOf.get(w.id)).sort();
    expect(byAppId.won.filter((w) => w.units > 0).map((w) => w.id).sort()).not.toEqual(winnersV2);
    expect(rerunPublished('kabuto-draw-v9', { seed: 'x', kind: 'ipo', units: 1, applications: published })).toBeNull();
  });

  it('v1 draws re-run on their entries in recorded (application-id) order, without the application ids', () => {
    const offering = 'offering-old';
    const apps = Array.from({ length: 12 }, (_, i) => ({ id: `0193b000-0000-7000-8000-${String(11 - i).padStart(12, '0')}`, units: 1 + (i % 3) }));
    // What the server ran under v1: sorted by application id.
    const v1 = runDraw({ seed: 'seed-v1', kind: 'po', units: 7, applications: apps });
    // What it publishes now: the same order, each named by its entry id.
    const published = v1.won.map((w) => ({ id: entryId(offering, w.id), units: apps.find((a) => a.id === w.id)!.units }));
    const results = v1.won.map((w) => ({ id: entryId(offering, w.id), units: w.units }));
    const rerun = rerunPublished(DRAW_ALGORITHM_V1, { seed: 'seed-v1', kind: 'po', units: 7, applications: published });
    expect(rerun!.won).toEqual(results);
    expect(runDrawInOrder({ seed: 'seed-v1', kind: 'po', units: 7, applications: published }).numbersUsed).toBe(v1.numbersUsed);
  });

  it('is fair: over 10,000 draws each IPO applicant wins equally often, whatever the units applied', () => {
    // 8 applicants applying for very different amounts, 3 units on offer: each should win 3/8 of the time.
    const units = [1, 1, 2, 5, 10, 100, 1000, 1_000_000];
    const apps = units.map((u, i) => ({ id: `applicant-${i}`, units: u }));
    const draws = 10_000;
    const wins = new Map(apps.map((a) => [a.id, 0]));
    for (let d = 0; d < draws; d++) {
      const r = runDraw({ seed: `stat-${d}`, kind: 'ipo', units: 3, applications: apps });
      for (const w of r.won) if (w.units > 0) wins.set(w.id, wins.get(w.id)! + 1);
      expect(r.won.reduce((s, w) => s + w.units, 0)).toBe(3);
    }
    const p = 3 / 8;
    // Binomial standard deviation √(n p (1−p)) ≈ 48; 5 σ tolerance.
    const sd = Math.sqrt(draws * p * (1 - p));
    for (const [id, w] of wins) expect(Math.abs(w - draws * p), id).toBeLessThan(5 * sd);
  });

  it('is proportional to units for a PO over 4,000 draws', () => {
    const apps = [{ id: 'a', units: 1 }, { id: 'b', units: 3 }];
    let a = 0;
    for (let d = 0; d < 4000; d++) a += runDraw({ seed: `po-${d}`, kind: 'po', units: 1, applications: apps }).won[0]!.units;
    expect(Math.abs(a - 1000)).toBeLessThan(5 * Math.sqrt(4000 * 0.25 * 0.75));
  });
});
