/** The operator printed at the top of every price list. */
export const OPERATOR = {
  name: 'Primeur Trading',
  address: 'MIN de Rungis, 1 rue de la Tour, 94150 Rungis, France',
  contact: 'prices@primeur.example · +33 1 41 80 00 00',
};
