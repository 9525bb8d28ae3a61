import { useEffect, useState, type FormEvent } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { blockAdminApi } from '../../../shared/api/block';
import { LOT_SIZE } from '../../../shared/market/price';
import { parseDecimal, scaleDecimals } from '../../../shared/money';
import { toast } from '../../components/Toast';
import { bandQuery, offersQuery, type BlockBand } from './admin-api';
import { useAdminCommand } from '../admin';

const HOUR = 3_600_000;

/** A `datetime-local` value for an instant, in the browser's time zone. */
function localInput(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}

export interface OfferValues {
  price: number;
  minShares: number;
  sharesAvailable: number;
  lockDays: number;
  from: number;
  to: number;
}

export interface OfferDraft {
  price: string;
  minShares: string;
  sharesAvailable: string;
  lockDays: string;
  from: string;
  to: string;
}

export type CreateOfferState = ReturnType<typeof useCreateOffer>;

/**
 * Everything the new-offer card (BlockCreateOffer.tsx) knows: the code typed and the one looked up
 * with its price band, the draft (as typed) and its values once they parse, whether the price is
 * inside the band and the shares in whole lots, the values being confirmed, and the command.
 */
export function useCreateOffer() {
  const { t } = useLingui();
  const [codeText, setCodeText] = useState('');
  const [code, setCode] = useState<string | null>(null);
  const band = useQuery({ ...bandQuery(code ?? ''), enabled: Boolean(code) });
  const [draft, setDraft] = useState<OfferDraft>({ price: '', minShares: '100', sharesAvailable: '1000', lockDays: '0', from: '', to: '' });
  // The default window starts at the market clock's now (the offers list's, the screen's own query),
  // not this device's: on the demo's always-open market they are days apart (docs/decisions/023-one-clock.md).
  const marketNow = useInfiniteQuery(offersQuery()).data?.pages[0]?.now;
  useEffect(() => {
    if (marketNow === undefined) return;
    setDraft((d) => (d.from || d.to ? d : { ...d, from: localInput(marketNow), to: localInput(marketNow + 48 * HOUR) }));
  }, [marketNow]);
  const [confirming, setConfirming] = useState<OfferValues | null>(null);
  const create = useAdminCommand(blockAdminApi.create);
  const set = (k: keyof OfferDraft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [k]: e.target.value }));

  const read = (b: BlockBand): OfferValues | null => {
    let price: number;
    try {
      price = parseDecimal(draft.price, scaleDecimals(b.priceScale));
    } catch {
      return null;
    }
    const ints = [draft.minShares, draft.sharesAvailable, draft.lockDays].map((v) => (/^\d+$/.test(v.trim()) ? Number(v) : NaN));
    const [minShares, sharesAvailable, lockDays] = ints as [number, number, number];
    const from = new Date(draft.from).getTime();
    const to = new Date(draft.to).getTime();
    if (ints.some(Number.isNaN) || Number.isNaN(from) || Number.isNaN(to)) return null;
    return { price, minShares, sharesAvailable, lockDays, from, to };
  };
  const values = band.data ? read(band.data) : null;
  const outOfBand = Boolean(values && band.data && (values.price < band.data.lower || values.price > band.data.upper));
  const badLots = Boolean(values && (values.minShares % LOT_SIZE !== 0 || values.sharesAvailable % LOT_SIZE !== 0));

  const lookUp = (e: FormEvent) => {
    e.preventDefault();
    const c = codeText.trim().toUpperCase();
    if (c) setCode(c);
  };
  const review = (e: FormEvent) => {
    e.preventDefault();
    if (values && !outOfBand && !badLots) setConfirming(values);
  };
  const send = (b: BlockBand, v: OfferValues, reason: string) =>
    create.mutate(
      {
        body: {
          code: b.code,
          price: v.price,
          minShares: v.minShares,
          sharesAvailable: v.sharesAvailable,
          lockDays: v.lockDays,
          from: v.from,
          to: v.to,
          reason,
        },
      },
      {
        onSuccess: () => {
          toast(t`ブロック取引を作成しました`);
          setConfirming(null);
        },
      },
    );

  return {
    codeText, setCodeText, code, band, lookUp,
    draft, set, values, outOfBand, badLots, review,
    confirming, cancel: () => setConfirming(null), send, creating: create.isPending,
  };
}
