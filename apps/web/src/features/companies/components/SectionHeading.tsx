import { Button } from 'react-bootstrap';

/** A section of the company page: its heading (which names the section) and its add button. */
export function SectionHeading({ id, title, addLabel, onAdd }: { id: string; title: string; addLabel: string; onAdd(): void }) {
  return (
    <div className="d-flex justify-content-between align-items-center mb-2">
      <h2 id={id} className="h5 mb-0">
        {title}
      </h2>
      <Button size="sm" onClick={onAdd}>
        {addLabel}
      </Button>
    </div>
  );
}
