import { commissionConfig, commissionEnv, type CommissionConfig } from '../src/config/commission.js';

/** The operator's legal data for the commission tests: valid, French, 2.5 %. */
export const OPERATOR_ENV = {
  COMMISSION_PERCENT: '2.5',
  OPERATOR_LEGAL_NAME: 'Primeur Trading SAS',
  OPERATOR_ADDRESS: 'MIN de Rungis|1 rue de la Tour',
  OPERATOR_POSTAL_CODE: '94150',
  OPERATOR_CITY: 'Rungis',
  OPERATOR_COUNTRY: 'FR',
  OPERATOR_VAT_ID: 'FR 40 732829320',
  OPERATOR_REGISTRATION_ID: '732 829 320',
  OPERATOR_IBAN: 'FR76 3000 6000 0112 3456 7890 189',
  OPERATOR_BIC: 'AGRIFRPP',
  OPERATOR_EMAIL: 'billing@primeur.example',
};

export const commissionSettings: CommissionConfig = commissionConfig(commissionEnv.parse(OPERATOR_ENV))!;

/** 12:00 in Paris on a day (winter time): a pass's clock. */
export const noonParis = (day: string) => new Date(`${day}T11:00:00Z`).getTime();
