import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';

interface SectionCardProps {
  title: ReactNode;
  testId: string;
  /** The card's classes (its shadow, its margin below). */
  className?: string;
  /** The title's classes besides `h6`. */
  titleClassName?: string;
  children: ReactNode;
}

/** A titled block of a record's page (the order's next action, its history, its claims…): a card with an h2 styled small. */
export function SectionCard({ title, testId, className = 'shadow-sm mb-4', titleClassName = 'mb-3', children }: SectionCardProps) {
  return (
    <Card className={className} data-testid={testId}>
      <Card.Body>
        <Card.Title as="h2" className={titleClassName ? `h6 ${titleClassName}` : 'h6'}>
          {title}
        </Card.Title>
        {children}
      </Card.Body>
    </Card>
  );
}
