import { Badge, Form, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { Supplier } from '@primeur/shared';
import { Flag } from '../../../components/Flag';
import { useEuro, usePercent } from '../../../lib/format';
import { useCatalogLabels } from '../../../lib/lookups';

interface Props {
  suppliers: Supplier[];
  chosen: Set<number>;
  onToggle(contactId: number, on: boolean): void;
}

/** The suppliers allowed for the product, with carrier, discount, certificates and selectable contacts. */
export function SupplierContacts({ suppliers, chosen, onToggle }: Props) {
  const { t } = useTranslation('requests');
  const euro = useEuro();
  const percent = usePercent();
  const labels = useCatalogLabels();
  if (!suppliers.length) return <p className="text-muted">{t('request.noSuppliers')}</p>;
  return (
    <Table size="sm" className="align-middle" responsive>
      <thead>
        <tr>
          <th>{t('request.supplier')}</th>
          <th>{t('request.carrier')}</th>
          <th>{t('request.discount')}</th>
          <th>{t('request.certificates')}</th>
          <th>{t('request.contacts')}</th>
        </tr>
      </thead>
      <tbody>
        {suppliers.map((s) => (
          <tr key={s.id} data-testid={`allowed-supplier-${s.id}`}>
            <td>
              {s.country ? <Flag code={s.country.alpha2} title={s.country.name} className="me-1" /> : null}
              {s.company}
              <div className="small text-muted">{s.ict}</div>
            </td>
            <td>{s.carrier ? `${s.carrier.carrier} (${euro(s.carrier.price)})` : '–'}</td>
            <td>{percent(s.discount)}</td>
            <td>
              {s.certificates.map((c) => (
                <Badge key={c.id} bg="light" text="dark" className="me-1 border">
                  {labels.certificate(c)}
                </Badge>
              ))}
            </td>
            <td>
              {s.contacts.length ? (
                s.contacts.map((c) => (
                  <Form.Check
                    key={c.id}
                    id={`contact-${c.id}`}
                    type="checkbox"
                    checked={chosen.has(c.id)}
                    onChange={(e) => onToggle(c.id, e.target.checked)}
                    label={`${c.firstName} ${c.lastName} <${c.email}>`}
                  />
                ))
              ) : (
                <span className="text-muted small">{t('request.noContacts')}</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
