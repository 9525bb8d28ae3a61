import { Trans } from '@lingui/react/macro';
import type { DocumentType } from '../../../shared/api/kyc';

export function DocumentTypeText({ type }: { type: DocumentType }) {
  switch (type) {
    case 'driver_licence':
      return <Trans>運転免許証</Trans>;
    case 'health_insurance':
      return <Trans>健康保険証</Trans>;
    case 'my_number':
      return <Trans>マイナンバーカード</Trans>;
  }
}
