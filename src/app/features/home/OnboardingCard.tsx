import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { userInfoQuery } from '../../api/account';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import { onboardingChecklist, type Step, type StepId, type StepState } from './onboarding';
import './onboarding.css';

const STEP_NAME: Record<StepId, MessageDescriptor> = {
  kyc: msg`本人確認`,
  fundPassword: msg`取引暗証番号`,
  bankAccount: msg`銀行口座（出金先）`,
  deposit: msg`入金`,
};

const STEP_ACTION: Record<StepId, MessageDescriptor> = {
  kyc: msg`本人確認へ進む`,
  fundPassword: msg`取引暗証番号を設定する`,
  bankAccount: msg`銀行口座を登録する`,
  deposit: msg`入金する`,
};

const STEP_TO: Record<StepId, string> = {
  kyc: '/information/authInfo',
  fundPassword: '/information/fundPass',
  bankAccount: '/information/addBankCard',
  deposit: '/information/recharge',
};

const STATE_TEXT: Record<StepState, MessageDescriptor> = {
  done: msg`完了`,
  review: msg`審査中`,
  todo: msg`未完了`,
  blocked: msg`未完了`,
};

function StepRow({ step, index }: { step: Step; index: number }) {
  const { t, i18n } = useLingui();
  const needs = new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(step.needs.map((n) => i18n._(STEP_NAME[n])));
  return (
    <li className={`onboarding__step onboarding__step--${step.state}`} data-testid={`onboarding-${step.id}`}>
      <span className="onboarding__mark" aria-hidden="true">
        {step.state === 'done' ? <Icon d={icons.check} size={16} /> : index + 1}
      </span>
      <span className="onboarding__name">
        {i18n._(STEP_NAME[step.id])}
        {step.state === 'blocked' ? <span className="onboarding__needs">{t`先に${needs}を完了してください`}</span> : null}
      </span>
      <span className={`onboarding__state onboarding__state--${step.state}`}>{i18n._(STATE_TEXT[step.state])}</span>
    </li>
  );
}

/**
 * Home's 口座開設 checklist (docs/domain.md "Onboarding"): the four steps with their states, the
 * progress, and the next step the user can take as the primary button. Drawn from `user/info`
 * alone; gone once every step is done.
 */
export function OnboardingCard() {
  const { t, i18n } = useLingui();
  const info = useQuery(userInfoQuery());
  const list = info.data ? onboardingChecklist(info.data) : null;
  if (!list) return null;
  const total = list.steps.length;
  const done = list.done;
  return (
    <section className="card onboarding" aria-labelledby="onboarding-title" data-testid="onboarding">
      <div className="onboarding__head">
        <h2 className="card__title" id="onboarding-title">
          <Trans>口座開設</Trans>
        </h2>
        <span className="onboarding__count" data-testid="onboarding-count">
          {done}/{total}
        </span>
      </div>
      <div
        className="onboarding__bar"
        role="progressbar"
        aria-label={t`口座開設の進み具合`}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={t`${total}ステップ中${done}ステップ完了`}
      >
        <span className="onboarding__fill" style={{ width: `${(100 * done) / total}%` }} />
      </div>
      <ol className="onboarding__steps">
        {list.steps.map((step, i) => (
          <StepRow key={step.id} step={step} index={i} />
        ))}
      </ol>
      {list.next ? (
        <Link to={STEP_TO[list.next]} className="btn btn--primary btn--block" data-testid="onboarding-next">
          {i18n._(STEP_ACTION[list.next])}
        </Link>
      ) : (
        <p className="onboarding__wait">
          <Trans>スタッフが審査しています。結果はメッセージでお知らせします。</Trans>
        </p>
      )}
    </section>
  );
}
