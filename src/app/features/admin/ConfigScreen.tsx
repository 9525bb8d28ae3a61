import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiCore } from '@lingui/react';
import type { MessageDescriptor } from '@lingui/core';
import { adminApi, CONFIG_GROUPS } from '../../../shared/api/admin';
import { EmptyView } from '../../components/EmptyView';
import { Spinner } from '../../components/Spinner';
import { toast } from '../../components/Toast';
import { configQuery, useAdminCommand, type AdminConfigItem } from './api';
import { formatConfigNumber, formatConfigValue, parseConfigInput } from './config-format';
import { ReasonDialog } from './ReasonDialog';
import { CONFIG_OPTION_TEXT, CONFIG_TEXT, GROUP_TEXT } from './texts';

/** An enum choice in words with its key ("手数料無料（zero）", "No commission (zero)"); the key alone when it has none. */
function optionLabel(name: string, option: string, i18n: { _: (d: MessageDescriptor) => string; locale: string }): string {
  const d = CONFIG_OPTION_TEXT[name]?.[option];
  if (!d) return option;
  return i18n.locale === 'ja' ? `${i18n._(d)}（${option}）` : `${i18n._(d)} (${option})`;
}

/** 設定: every server-given setting by group, with its meaning, default and bounds; a change needs a reason. */
export function AdminConfigScreen() {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const config = useQuery(configQuery());
  const [editing, setEditing] = useState<AdminConfigItem | null>(null);
  const items = config.data?.items ?? [];
  return (
    <section className="admin-screen" aria-labelledby="admin-config-h">
      <h2 id="admin-config-h" className="admin-screen__title">
        <Trans>設定</Trans>
      </h2>
      <p className="admin-note">
        <Trans>リスクに関わる設定の変更は新規の建玉にのみ適用され、既存の建玉は建てたときの条件のままです。</Trans>
      </p>
      {config.isPending ? (
        <Spinner label={t`読み込み中…`} />
      ) : config.isError ? (
        <EmptyView compact text={<Trans>設定を読み込めませんでした</Trans>} />
      ) : (
        CONFIG_GROUPS.filter((g) => items.some((i) => i.group === g)).map((g) => (
          <section key={g} className="admin-card" aria-labelledby={`cfg-${g}`}>
            <h3 id={`cfg-${g}`} className="admin-card__title">
              {i18n._(GROUP_TEXT[g])}
            </h3>
            <ul className="admin-config">
              {items
                .filter((i) => i.group === g)
                .map((item) => (
                  <ConfigRow key={item.name} item={item} onEdit={() => setEditing(item)} />
                ))}
            </ul>
          </section>
        ))
      )}
      {editing ? <ConfigEdit key={editing.name} item={editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}

function Bounds({ item }: { item: AdminConfigItem }) {
  const { i18n } = useLinguiCore();
  if (item.kind === 'integer' || item.kind === 'number') {
    if (item.min !== null && item.max !== null) {
      const min = formatConfigNumber(item.min, item.unit);
      const max = formatConfigNumber(item.max, item.unit);
      return <Trans>範囲 {min} 〜 {max}</Trans>;
    }
    if (item.min !== null) {
      const min = formatConfigNumber(item.min, item.unit);
      return <Trans>{min} 以上</Trans>;
    }
    return null;
  }
  if (item.kind === 'enum' && item.options) {
    const options = item.options.map((o) => optionLabel(item.name, o, i18n)).join(' / ');
    return <Trans>選択肢 {options}</Trans>;
  }
  if (item.kind === 'string' && item.maxLength !== null) {
    const n = item.maxLength;
    return <Trans>{n}文字まで</Trans>;
  }
  return null;
}

function ConfigRow({ item, onEdit }: { item: AdminConfigItem; onEdit: () => void }) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const text = CONFIG_TEXT[item.name];
  const value = item.kind === 'enum' ? optionLabel(item.name, String(item.value), i18n) : formatConfigValue(item, t`オン`, t`オフ`);
  const def = formatConfigValue({ value: item.default, unit: item.unit }, t`オン`, t`オフ`);
  return (
    <li className="admin-config__row">
      <div className="admin-config__main">
        <p className="admin-config__label">
          {text ? i18n._(text.label) : item.name} <span className="admin-config__key mono">{item.name}</span>
        </p>
        {text ? <p className="admin-note">{i18n._(text.hint)}</p> : null}
        <p className="admin-note">
          <Bounds item={item} />
          {item.value !== item.default ? (
            <span>
              {' '}
              <Trans>（初期値 {def}）</Trans>
            </span>
          ) : null}
        </p>
      </div>
      <p className="admin-config__value mono">{value}</p>
      <button type="button" className="btn btn--secondary btn--small" onClick={onEdit} aria-label={t`${text ? i18n._(text.label) : item.name}を変更`}>
        <Trans>変更</Trans>
      </button>
    </li>
  );
}

function ConfigEdit({ item, onClose }: { item: AdminConfigItem; onClose: () => void }) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const [text, setText] = useState(String(item.value));
  const cmd = useAdminCommand(adminApi.setConfig);
  const parsed = parseConfigInput(item, text);
  const label = CONFIG_TEXT[item.name] ? i18n._(CONFIG_TEXT[item.name]!.label) : item.name;
  return (
    <ReasonDialog
      title={<Trans>{label}を変更</Trans>}
      confirmLabel={<Trans>変更する</Trans>}
      busy={cmd.isPending}
      confirmDisabled={parsed === null || parsed === item.value}
      onCancel={onClose}
      onConfirm={(reason) =>
        parsed !== null &&
        cmd.mutate(
          { body: { name: item.name, value: parsed, reason } },
          {
            onSuccess: () => {
              toast(t`設定を変更しました`);
              onClose();
            },
          },
        )
      }
    >
      <div className={parsed === null ? 'field field--error' : 'field'}>
        <label className="field__label" htmlFor="cfg-value">
          <Trans>新しい値</Trans>
        </label>
        {item.kind === 'boolean' || item.kind === 'enum' ? (
          <select id="cfg-value" className="field__input" value={text} onChange={(e) => setText(e.target.value)}>
            {(item.kind === 'boolean' ? ['true', 'false'] : (item.options ?? [])).map((o) => (
              <option key={o} value={o}>
                {o === 'true' ? t`オン` : o === 'false' ? t`オフ` : optionLabel(item.name, o, i18n)}
              </option>
            ))}
          </select>
        ) : (
          <input
            id="cfg-value"
            className="field__input mono"
            inputMode={item.kind === 'integer' ? 'numeric' : item.kind === 'number' ? 'decimal' : 'text'}
            value={text}
            maxLength={item.maxLength ?? 40}
            onChange={(e) => setText(e.target.value)}
          />
        )}
        <p className={parsed === null ? 'field__error' : 'field__hint'}>
          <Bounds item={item} />
          {item.unit === 'bp' ? (
            <>
              {' '}
              <Trans>（単位: bp、100 = 1%）</Trans>
            </>
          ) : null}
        </p>
      </div>
    </ReasonDialog>
  );
}
