import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PlanRunView, PlansList } from '../../../shared/api/plans';
import { futureValue } from '../../../shared/domain/plan';
import type { NisaFrame } from '../../../shared/domain/account-type';
import { formatIsoDate, formatMoney } from '../../../shared/money';
import { Sheet } from '../../components/Sheet';
import { Stepper } from '../../components/Stepper';
import { LoadingPane } from '../../components/Spinner';
import { planSkipText } from '../funds';
import { NISA_FRAME_TEXT } from '../tax-account';
import { trustListQuery, trustName, TrustNavLine, TrustNisaBadges } from '../trusts';

/* Pieces the two 積立 screens share: a run line, the NISA panel, the simulator and the fund picker. */

/** One run of a plan: its date and what happened (発注 / 見送り with the reason and its figures). */
export function RunLine({ run }: { run: PlanRunView }) {
  const { i18n } = useLingui();
  const skipped = run.status === 'skipped';
  return (
    <li className={skipped ? 'plan-run plan-run--skipped' : 'plan-run'} data-run-status={run.status}>
      <span className="plan-run__date mono">{formatIsoDate(run.runDate)}</span>
      {skipped ? (
        <span className="plan-run__what">
          <b className="tone-warn">
            <Trans context="plan run">見送り</Trans>
          </b>{' '}
          {planSkipText(run.reason ?? 'order_refused', { amount: run.amount, ...run.params }, i18n)}
        </span>
      ) : (
        <span className="plan-run__what">
          <Trans context="plan run">発注</Trans>
          {run.amount !== null ? <span className="mono"> {formatMoney(run.amount)}</span> : null}
        </span>
      )}
    </li>
  );
}

/**
 * 「今年のNISA枠と積立」: each frame's remaining room this Tokyo year beside what the active fund plans
 * will still pay into it; a warning when the plans need more than is left (those runs will be skipped).
 */
export function NisaPlanPanel({ list }: { list: PlansList }) {
  const { i18n } = useLingui();
  const frames: NisaFrame[] = ['nisa_tsumitate', 'nisa_growth'];
  const year = list.usage.year;
  return (
    <section className="card plan-nisa" data-testid="plan-nisa">
      <h2 className="card__title">
        <Trans>{year}年のNISA枠と積立</Trans>
      </h2>
      {frames.map((f) => {
        const room = list.usage.frames[f];
        const planned = list.planned[f];
        const over = planned > room.remaining;
        const limit = room.limit;
        const usedShare = limit > 0 ? Math.min(100, ((room.used + room.reserved) / limit) * 100) : 0;
        const plannedShare = limit > 0 ? Math.min(100 - usedShare, (planned / limit) * 100) : 0;
        return (
          <div key={f} className="plan-nisa__frame" data-frame={f}>
            <p className="plan-nisa__head">
              <span className="strong">{i18n._(NISA_FRAME_TEXT[f])}</span>
              <span className="small muted mono">
                <Trans>年間 {formatMoney(limit)}</Trans>
              </span>
            </p>
            <div className="plan-nisa__bar" aria-hidden="true">
              <span className="plan-nisa__used" style={{ width: `${usedShare}%` }} />
              <span className={over ? 'plan-nisa__planned plan-nisa__planned--over' : 'plan-nisa__planned'} style={{ width: `${plannedShare}%` }} />
            </div>
            <dl className="plan-nisa__figures small">
              <div>
                <dt>
                  <Trans>残り</Trans>
                </dt>
                <dd className="mono">{formatMoney(room.remaining)}</dd>
              </div>
              <div>
                <dt>
                  <Trans>今年の積立予定</Trans>
                </dt>
                <dd className="mono">{formatMoney(planned)}</dd>
              </div>
            </dl>
            {over ? (
              <p className="notice notice--warn small" role="status">
                <Trans>
                  今年の積立予定が残りの枠を {formatMoney(planned - room.remaining)} 上回ります。枠が足りない回は見送りになります（翌年1月に枠が戻ります）。
                </Trans>
              </p>
            ) : null}
          </div>
        );
      })}
      <p className="small muted">
        <Trans>積立予定は、今年の残りの積立日に積立中のファンドの積立が払う金額です（株式の積立は約定価格で決まるため含みません）。</Trans>
      </p>
    </section>
  );
}

const RETURN_STEP_PPM = 5_000;
const RETURN_MAX_PPM = 100_000;

/** "3.5%" from ppm (whole or one decimal). */
function pct(ppm: number): string {
  return `${(ppm / 10_000).toFixed(ppm % 10_000 === 0 ? 0 : 1)}%`;
}

function parseYen(text: string): number | null {
  const s = text.replace(/[¥￥,，\s円]/g, '');
  return /^\d{1,9}$/.test(s) ? Number(s) : null;
}

/**
 * The plan screen's illustration (never a promise): a monthly amount, an assumed yearly return and
 * a number of years through futureValue() (src/shared/domain/plan.ts), as bars of 元本 against 評価額
 * by year and a table every five years.
 */
export function Simulator({ defaultMonthly }: { defaultMonthly: number }) {
  const { t } = useLingui();
  const [monthly, setMonthly] = useState<number | null>(null);
  const [ratePpm, setRatePpm] = useState(30_000);
  const [years, setYears] = useState(20);
  const m = monthly ?? Math.max(100, defaultMonthly);
  const rows = useMemo(() => futureValue(m, ratePpm, years), [m, ratePpm, years]);
  const top = rows.length ? Math.max(rows[rows.length - 1]!.value, rows[rows.length - 1]!.paid) : 1;
  const last = rows[rows.length - 1];
  const table = rows.filter((r) => r.year % 5 === 0 || r.year === years);
  return (
    <section className="card plan-sim" data-testid="plan-sim">
      <h2 className="card__title">
        <Trans>積立シミュレーション</Trans>
      </h2>
      <Stepper
        label={t`毎月の積立額`}
        value={m}
        display={(v) => formatMoney(v)}
        parse={(s) => {
          const v = parseYen(s);
          return v !== null && v >= 100 && v <= 10_000_000 ? v : null;
        }}
        onChange={setMonthly}
        onStep={(d) => setMonthly(Math.min(10_000_000, Math.max(100, m + d * 1_000)))}
        canDown={m > 100}
        canUp={m < 10_000_000}
        hint={<Trans>プランの積立額から計算した月あたりの金額（変更できます）</Trans>}
      />
      <Stepper
        label={t`想定利回り（年率）`}
        value={ratePpm}
        display={pct}
        inputMode="decimal"
        parse={(s) => {
          const v = Number(s.replace(/[%％\s]/g, ''));
          return Number.isFinite(v) && v >= 0 && v <= 10 && Math.round(v * 10) === v * 10 ? Math.round(v * 10_000) : null;
        }}
        onChange={setRatePpm}
        onStep={(d) => setRatePpm(Math.min(RETURN_MAX_PPM, Math.max(0, ratePpm + d * RETURN_STEP_PPM)))}
        canDown={ratePpm > 0}
        canUp={ratePpm < RETURN_MAX_PPM}
      />
      <Stepper
        label={t`積立期間（年）`}
        value={years}
        display={(v) => t`${v}年`}
        parse={(s) => {
          const v = Number(s.replace(/[年\s]/g, ''));
          return Number.isInteger(v) && v >= 5 && v <= 30 ? v : null;
        }}
        onChange={setYears}
        onStep={(d) => setYears(Math.min(30, Math.max(5, years + d)))}
        canDown={years > 5}
        canUp={years < 30}
      />
      {last ? (
        <dl className="plan-sim__result">
          <div>
            <dt>
              <Trans>元本（積立総額）</Trans>
            </dt>
            <dd className="mono">{formatMoney(last.paid)}</dd>
          </div>
          <div>
            <dt>
              <Trans>{years}年後の評価額（試算）</Trans>
            </dt>
            <dd className="mono strong" data-testid="plan-sim-value">
              {formatMoney(last.value)}
            </dd>
          </div>
        </dl>
      ) : null}
      <div className="plan-sim__chart" role="img" aria-label={t`年ごとの元本と評価額の棒グラフ`}>
        {rows.map((r) => (
          <div key={r.year} className="plan-sim__col" title={`${r.year}`}>
            <span className="plan-sim__value" style={{ height: `${(r.value / top) * 100}%` }} />
            <span className="plan-sim__paid" style={{ height: `${(r.paid / top) * 100}%` }} />
          </div>
        ))}
      </div>
      <p className="plan-sim__legend small">
        <span className="plan-sim__key plan-sim__key--paid" aria-hidden="true" />
        <Trans>元本</Trans>
        <span className="plan-sim__key plan-sim__key--value" aria-hidden="true" />
        <Trans>評価額（試算）</Trans>
      </p>
      <table className="plan-sim__table small">
        <thead>
          <tr>
            <th scope="col">
              <Trans>経過年数</Trans>
            </th>
            <th scope="col">
              <Trans>元本</Trans>
            </th>
            <th scope="col">
              <Trans>評価額（試算）</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {table.map((r) => (
            <tr key={r.year}>
              <th scope="row">
                <Trans>{r.year}年</Trans>
              </th>
              <td className="mono">{formatMoney(r.paid)}</td>
              <td className="mono">{formatMoney(r.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="notice small" data-testid="plan-sim-notice">
        <Trans>試算はシミュレーションであり、将来の運用成果を約束するものではありません。手数料・税金は考慮していません。</Trans>
      </p>
    </section>
  );
}

/** The fund picker of "積立を追加": the catalogue's open funds, つみたて-eligible first; a stock by its code. */
export function FundPicker({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const list = useQuery(trustListQuery({}));
  const [code, setCode] = useState('');
  const funds = [...(list.data?.items ?? [])]
    .filter((f) => f.status === 'open')
    .sort((a, b) => Number(a.eligibility.nisa_tsumitate !== null) - Number(b.eligibility.nisa_tsumitate !== null));
  const stockCode = code.trim().toUpperCase();
  const codeOk = /^[0-9A-Z]{4}$/.test(stockCode);
  return (
    <Sheet title={t`積立するファンドを選ぶ`} onClose={onClose} className="sheet--tall" testId="plan-picker">
      {list.isPending ? <LoadingPane /> : null}
      <ul className="plan-picker">
        {funds.map((f) => (
          <li key={f.id}>
            <Link to="/home/tsumitatePlan" search={{ fund: f.id }} className="plan-picker__row" data-testid={`plan-pick-${f.id}`}>
              <span className="strong">{trustName(f.names, i18n.locale)}</span>
              <span className="plan-picker__meta small">
                <span className="muted">
                  <Trans>基準価額（1万口）</Trans>
                </span>
                <TrustNavLine f={f} />
                <TrustNisaBadges f={f} />
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <form
        className="plan-picker__stock"
        onSubmit={(e) => {
          e.preventDefault();
          if (codeOk) void navigate({ to: '/home/tsumitatePlan', search: { code: stockCode } });
        }}
      >
        <label className="field__label" htmlFor="plan-stock-code">
          <Trans>株式の積立（銘柄コード）</Trans>
        </label>
        <div className="plan-picker__stock-row">
          <input
            id="plan-stock-code"
            className="field__input mono"
            inputMode="text"
            autoComplete="off"
            maxLength={4}
            placeholder="7203"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <button type="submit" className="btn btn--secondary" disabled={!codeOk}>
            <Trans>次へ</Trans>
          </button>
        </div>
      </form>
    </Sheet>
  );
}
