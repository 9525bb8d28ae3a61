import { route } from '../module';
import { taxAccountApi } from '../../../shared/api/tax-account';
import type { TaxAccountService } from './service';

export function taxAccountRoutes(tax: TaxAccountService) {
  return [
    route(taxAccountApi.status, ({ user }) => tax.status(user.id)),
    route(taxAccountApi.withholding, ({ user, body }) => tax.setWithholding(user, body.withholding)),
    route(taxAccountApi.applyNisa, ({ user }) => tax.applyNisa(user)),
  ];
}
