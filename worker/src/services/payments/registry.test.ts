import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ITEM_KINDS } from '../../../../db/schema/commerce.ts';
import { describePurchasable, hasPurchasableKind, registerPurchasableKind, unregisterPurchasableKind } from '../purchasables.ts';
import { fulfillerOf, registeredFulfillers } from './fulfilment.ts';
import { registerSellableKinds, SELLABLE_KINDS } from './registry.ts';

const workerSrc = join(import.meta.dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the registry of sellable kinds', () => {
  it('lists every item kind, and registers each describer and fulfiller it names once', () => {
    expect(Object.keys(SELLABLE_KINDS).sort()).toEqual([...ITEM_KINDS].sort());
    registerSellableKinds();
    registerSellableKinds();
    for (const kind of ITEM_KINDS) {
      const { describer, fulfiller } = SELLABLE_KINDS[kind];
      expect(hasPurchasableKind(kind)).toBe(describer !== null);
      expect(fulfillerOf(kind) ?? null).toBe(fulfiller);
    }
    expect(SELLABLE_KINDS.SUBSCRIPTION).toEqual({ describer: null, fulfiller: null });
    expect(registeredFulfillers().map(([kind]) => kind)).toEqual(['COURSE', 'RESOURCE', 'BOOKING', 'PACKAGE', 'FEEDBACK_CREDITS']);
  });

  it('gives the registered describer back when a fake over it is unregistered', async () => {
    registerSellableKinds();
    registerPurchasableKind('PACKAGE', async () => new Map());
    unregisterPurchasableKind('PACKAGE');
    expect(hasPurchasableKind('PACKAGE')).toBe(true);
    expect(await describePurchasable(null as never, 1, { kind: 'SUBSCRIPTION', itemId: 1 })).toMatchObject({ reason: 'not_found' });
  });

  it('is the only module that registers a kind, and no module is imported for its side effects', () => {
    const registering: string[] = [];
    const sideEffects: string[] = [];
    for (const file of sourceFiles(workerSrc)) {
      const name = relative(workerSrc, file);
      const text = readFileSync(file, 'utf8');
      if (/^\s*register(Fulfiller|PurchasableKind)\(/m.test(text)) registering.push(name);
      if (/^import\s+['"]/m.test(text)) sideEffects.push(name);
    }
    expect(registering).toEqual([]);
    expect(sideEffects).toEqual([]);
  });
});
