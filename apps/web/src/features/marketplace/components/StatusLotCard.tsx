import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';
import type { AdminProduct, AuctionResult } from '@primeur/shared';
import { PhotoCarousel } from '../../../components/PhotoCarousel';
import { StatusBadge, useArticleName } from './ProductFacts';

interface StatusLotCardProps {
  product: AdminProduct & { result?: AuctionResult | null };
  testId: string;
  photoHeight: number;
  /** The lot's facts, under its name. */
  children: ReactNode;
  /** What may be done with the lot. */
  footer: ReactNode;
}

/** A lot card as its seller or the staff see it: photos, then the status above the article and the lot's name. */
export function StatusLotCard({ product, testId, photoHeight, children, footer }: StatusLotCardProps) {
  const articleName = useArticleName();
  return (
    <Card className="h-100 shadow-sm" data-testid={testId}>
      <PhotoCarousel productId={product.productId} photos={product.photos} alt={product.name} height={photoHeight} />
      <Card.Body>
        <div className="mb-1">
          <StatusBadge product={product} />
        </div>
        <div className="text-body-secondary small">{articleName(product)}</div>
        <Card.Title as="h2" className="h6">
          {product.name}
        </Card.Title>
        {children}
      </Card.Body>
      <Card.Footer className="bg-transparent">{footer}</Card.Footer>
    </Card>
  );
}
